// Shared with the assets screens, so it lives in the components.
export { PartialHoldingsNotice } from '../../components/PartialHoldingsNotice';
