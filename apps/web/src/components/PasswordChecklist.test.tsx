import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { TestProviders } from '../test/render';
import { NewPasswordFields } from './NewPasswordFields';
import { metRequirements, PasswordChecklist } from './PasswordChecklist';
import { useNewPasswordForm } from './useNewPasswordForm';

const state = () =>
  Object.fromEntries(
    [...screen.getByTestId('password-checklist').querySelectorAll('li')].map((li) => [
      li.dataset.rule,
      li.dataset.met === 'true',
    ]),
  );

function Form() {
  const form = useNewPasswordForm({ email: 'kim@example.com' });
  return (
    <form onSubmit={form.onSubmit(() => {})} noValidate>
      <NewPasswordFields form={form} />
      <button type="submit">go</button>
    </form>
  );
}

describe('password checklist', () => {
  it('reads the contracts rules', () => {
    expect(metRequirements('')).toEqual({ length: false, letter: false, digit: false, special: false });
    expect(metRequirements('abc')).toEqual({ length: false, letter: true, digit: false, special: false });
    expect(metRequirements('abcdefg1!')).toEqual({ length: true, letter: true, digit: true, special: true });
  });

  it('lists the four rules in Korean and English', async () => {
    render(
      <TestProviders>
        <PasswordChecklist password="" />
      </TestProviders>,
    );
    const list = screen.getByRole('list', { name: '비밀번호 조건' });
    expect(list).toHaveTextContent('8자 이상');
    expect(list).toHaveTextContent('특수문자 포함');
    await i18n.changeLanguage('en');
    expect(await screen.findByRole('list', { name: 'Password requirements' })).toHaveTextContent(
      'At least 8 characters',
    );
  });

  it('ticks each rule live as the new password is typed, and checks the confirmation', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <Form />
      </TestProviders>,
    );
    expect(state()).toEqual({ length: false, letter: false, digit: false, special: false });
    const input = screen.getByLabelText(/^새 비밀번호$|새 비밀번호 \*/, { selector: 'input' });
    await user.type(input, 'abc');
    expect(state()).toEqual({ length: false, letter: true, digit: false, special: false });
    await user.type(input, '12345');
    expect(state()).toEqual({ length: true, letter: true, digit: true, special: false });
    await user.type(input, '!');
    expect(state()).toEqual({ length: true, letter: true, digit: true, special: true });

    await user.type(screen.getByLabelText(/새 비밀번호 확인/, { selector: 'input' }), 'abc12345?');
    await user.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('입력한 비밀번호가 일치하지 않습니다. 다시 확인해 주세요.')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('The passwords entered do not match. Please check again.')).toBeInTheDocument();
  });

  it('says what a new password is missing when submitted', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <Form />
      </TestProviders>,
    );
    await user.type(screen.getByLabelText(/^새 비밀번호$|새 비밀번호 \*/, { selector: 'input' }), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('비밀번호에 숫자, 특수문자를 포함해 주세요.')).toBeInTheDocument();
  });
});
