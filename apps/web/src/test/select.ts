import { waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Picks an option of a Mantine select; happy-dom cannot lay the dropdown out, so it counts as hidden. */
export async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: RegExp | string) {
  await user.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(await within(listbox).findByRole('option', { name, hidden: true }));
}
