import type { AssetActivity } from '@vaultline/contracts';

/** The live notices waiting in the dialog, newest first. */
export interface NoticeState {
  notices: AssetActivity[];
}

export type NoticeAction =
  | { type: 'received'; activity: AssetActivity }
  | { type: 'dismiss'; activityId: string }
  | { type: 'dismissAll' };

/** More than this and the oldest notices drop off: the activity list keeps them all anyway. */
export const MAX_NOTICES = 20;

export const EMPTY_NOTICES: NoticeState = { notices: [] };

/** Only money moving in or out of a wallet is announced; stakes and claims show in the lists. */
export function isAnnounced(activity: AssetActivity): boolean {
  return activity.activityType === 'DEPOSIT' || activity.activityType === 'WITHDRAWAL';
}

/**
 * A deposit is announced when it is seen and again when it is confirmed (or fails): the later
 * event replaces the earlier notice of the same activity and moves it to the top, so one transfer
 * is one line in the dialog.
 */
export function noticeReducer(state: NoticeState, action: NoticeAction): NoticeState {
  switch (action.type) {
    case 'received': {
      if (!isAnnounced(action.activity)) return state;
      const others = state.notices.filter((n) => n.id !== action.activity.id);
      return { notices: [action.activity, ...others].slice(0, MAX_NOTICES) };
    }
    case 'dismiss':
      return { notices: state.notices.filter((n) => n.id !== action.activityId) };
    case 'dismissAll':
      return EMPTY_NOTICES;
  }
}
