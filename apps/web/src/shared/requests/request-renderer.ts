import type { RequestContentOf, RequestItemType, RequestProgressStep, RequestView } from '@vaultline/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AppLanguage } from '../../i18n';

/** A request whose content is of one item type. */
export type RequestOf<K extends RequestItemType> = RequestView & { content: RequestContentOf<K> };

export interface RenderContext {
  t: TFunction;
  lang: AppLanguage;
  /** The address-book name of a destination, when it is known (withdrawals). */
  destinationName?: (addressBookId: string) => string | undefined;
}

/** The outcomes the detail states in words; a type may word them its own way. */
export type RequestOutcome = 'REJECTED' | 'CANCELED' | 'COMPLETE' | 'PROCESSING' | 'SIGNING';

/** One fact of a request's detail: what it is, and its value. */
export interface RequestFact {
  label: string;
  value: ReactNode;
}

/** How one request is shown, in one language: its list row, its detail's heading and facts, its outcome. */
export interface RequestPresentation {
  /** What the request is about in a few words: the row's subject and the detail's title. */
  title: string;
  /** A mark before the title (the chain's avatar), at the size asked. */
  mark?: (size: number) => ReactNode;
  /** A line under the title (the network), at the size asked. */
  caption?: (size: 'xs' | 'sm') => ReactNode;
  /** The detail's facts of this type, between the common ones (who asked, when) and the request's ID. */
  facts: RequestFact[];
  /** Where a completed request leads (the wallet it created). */
  completedLink?: { to: string; label: string; testId: string };
  /** The detail's outcome sentences of this type (a wallet creation's are the common ones). */
  outcome?: Partial<Record<RequestOutcome, string>>;
}

/** How requests of one item type are shown; an entry of the registry. */
export interface RequestRenderer<K extends RequestItemType> {
  present(request: RequestOf<K>, context: RenderContext): RequestPresentation;
  /** A progress step's label when the type names it its own way; the common labels otherwise. */
  progressLabel?(step: RequestProgressStep, context: RenderContext): string;
}

export type RequestRenderers = { [K in RequestItemType]?: RequestRenderer<K> };
