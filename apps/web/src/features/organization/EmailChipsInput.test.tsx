import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { EmailChipsInput } from './EmailChipsInput';

function Harness({ flagged }: { flagged?: string[] }) {
  const [emails, setEmails] = useState<string[]>([]);
  return (
    <TestProviders>
      <EmailChipsInput label="이메일 주소" value={emails} onChange={setEmails} flagged={flagged} />
      <output data-testid="value">{emails.join('|')}</output>
    </TestProviders>
  );
}

const chips = () => screen.queryAllByTestId('email-chip').map((chip) => chip.textContent);
const field = () => screen.getByLabelText(/이메일 주소/, { selector: 'input' }) as HTMLInputElement;

describe('email chips input', () => {
  it('turns an address into a chip on Enter and on Space', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'kim@example.com{Enter}');
    expect(chips()).toEqual(['kim@example.com']);
    expect(field()).toHaveValue('');
    await user.type(field(), 'lee@example.com ');
    expect(chips()).toEqual(['kim@example.com', 'lee@example.com']);
    await user.type(field(), 'park@example.com,');
    expect(screen.getByTestId('value')).toHaveTextContent('kim@example.com|lee@example.com|park@example.com');
  });

  it('refuses an invalid address and keeps it in the field to correct', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'not-an-email ');
    expect(chips()).toEqual([]);
    expect(field()).toHaveValue('not-an-email');
    expect(screen.getByText('"not-an-email"은(는) 올바른 이메일 주소가 아닙니다.')).toBeInTheDocument();
    await user.clear(field());
    await user.type(field(), 'also@bad{Enter}');
    expect(chips()).toEqual([]);
    expect(field()).toHaveValue('also@bad');
    // Typing again clears the message.
    await user.type(field(), '.com{Enter}');
    expect(chips()).toEqual(['also@bad.com']);
    expect(screen.queryByText(/올바른 이메일 주소가 아닙니다/)).toBeNull();
  });

  it('refuses the same address twice, whatever its case', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'kim@example.com ');
    await user.type(field(), 'KIM@example.com{Enter}');
    expect(chips()).toEqual(['kim@example.com']);
    expect(screen.getByText('KIM@example.com은(는) 이미 목록에 있습니다.')).toBeInTheDocument();
  });

  it('marks the addresses the server refused', async () => {
    const user = userEvent.setup();
    render(<Harness flagged={['taken@example.com']} />);
    await user.type(field(), 'taken@example.com ok@example.com ');
    const [taken, ok] = screen.getAllByTestId('email-chip');
    expect(taken).toHaveAttribute('data-flagged', 'true');
    expect(ok).not.toHaveAttribute('data-flagged');
  });
});
