import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { TestProviders } from '../test/render';
import { ListFooter, ListPagination } from './ListFooter';

afterEach(() => i18n.changeLanguage('ko'));

describe('list page pickers', () => {
  it('name their arrow buttons in the reader language, so no button is nameless', async () => {
    const onPageChange = vi.fn();
    render(
      <TestProviders>
        <ListFooter label="3 entries" total={3} page={3} pages={3} onPageChange={onPageChange} />
      </TestProviders>,
    );
    expect(screen.getByRole('button', { name: '이전 페이지' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '다음 페이지' })).toBeDisabled();
    await i18n.changeLanguage('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName();
  });

  it('centred under a list, the same names', () => {
    render(
      <TestProviders>
        <ListPagination page={1} pages={2} onPageChange={() => {}} />
      </TestProviders>,
    );
    expect(screen.getByRole('button', { name: '이전 페이지' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '다음 페이지' })).toBeEnabled();
  });
});
