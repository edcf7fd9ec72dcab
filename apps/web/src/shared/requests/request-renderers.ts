import type { RequestItemType, RequestProgressStep, RequestView } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useDestinationName } from './destination';
import type { RenderContext, RequestPresentation, RequestRenderer, RequestRenderers } from './request-renderer';
import { claimRenderer, stakeRenderer, unstakeRenderer } from './staking-request';
import { walletCreationRenderer } from './wallet-creation-request';
import { walletRequestRenderer } from './wallet-request';
import { withdrawalRenderer } from './withdrawal-request';

/**
 * How each request type is shown wherever requests are listed or opened (the approvals' rows, detail and
 * progress), by item type: the content's shape. A type without an entry is shown by what every request has (its
 * wallet and network).
 */
export const REQUEST_RENDERERS: RequestRenderers = {
  WALLET_CREATION: walletCreationRenderer,
  WITHDRAWAL: withdrawalRenderer,
  STAKING_STAKE: stakeRenderer,
  STAKING_UNSTAKE: unstakeRenderer,
  STAKING_CLAIM: claimRenderer,
};

function rendererOf(request: RequestView): RequestRenderer<RequestItemType> {
  // The entry of a kind takes that kind's requests; looked up by the content's own kind, it gets exactly those.
  const entry = REQUEST_RENDERERS[request.content.kind] as RequestRenderer<RequestItemType> | undefined;
  return entry ?? walletRequestRenderer;
}

export function presentRequest(request: RequestView, context: RenderContext): RequestPresentation {
  return rendererOf(request).present(request, context);
}

/** A progress step's label for a request: its type's own, or the common one. */
export function progressStepLabel(request: RequestView, step: RequestProgressStep, context: RenderContext): string {
  return rendererOf(request).progressLabel?.(step, context) ?? context.t(`requests.progress.${step}`);
}

/** The translation and language to present requests in: the current ones. */
export function useRenderContext(): RenderContext {
  const { t } = useTranslation();
  return { t, lang: useAppLanguage() };
}

/** `presentRequest` in the current language, with a withdrawal's destination named from the address book. */
export function useRequestPresentation(request: RequestView): RequestPresentation {
  const context = useRenderContext();
  const content = request.content;
  // The name frozen in the request when it was made; older requests look the entry up (if the reader may).
  const frozen = content.kind === 'WITHDRAWAL' ? content.destinationName : undefined;
  const addressBookId = content.kind === 'WITHDRAWAL' ? content.addressBookId : null;
  const looked = useDestinationName(frozen ? null : addressBookId);
  const name = frozen ?? looked;
  return presentRequest(request, { ...context, destinationName: (id) => (id === addressBookId ? name : undefined) });
}
