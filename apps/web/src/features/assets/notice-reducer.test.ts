import type { AssetActivity } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_NOTICES, MAX_NOTICES, noticeReducer } from './notice-reducer';
import { activity } from './testing';

describe('noticeReducer', () => {
  it('stacks deposits and withdrawals newest first', () => {
    let state = noticeReducer(EMPTY_NOTICES, { type: 'received', activity: activity({ id: 'a' }) });
    state = noticeReducer(state, {
      type: 'received',
      activity: activity({ id: 'b', activityType: 'WITHDRAWAL' }),
    });
    expect(state.notices.map((n) => n.id)).toEqual(['b', 'a']);
  });

  it('replaces the notice of the same activity when it is confirmed, and moves it up', () => {
    let state = noticeReducer(EMPTY_NOTICES, { type: 'received', activity: activity({ id: 'a' }) });
    state = noticeReducer(state, { type: 'received', activity: activity({ id: 'b' }) });
    state = noticeReducer(state, { type: 'received', activity: activity({ id: 'a', status: 'CONFIRMED' }) });
    expect(state.notices.map((n) => [n.id, n.status])).toEqual([
      ['a', 'CONFIRMED'],
      ['b', 'PENDING'],
    ]);
  });

  it('ignores stakes and claims', () => {
    const state = noticeReducer(EMPTY_NOTICES, { type: 'received', activity: activity({ activityType: 'STAKE' }) });
    expect(state).toBe(EMPTY_NOTICES);
  });

  it('dismisses one or all, and keeps at most the latest MAX_NOTICES', () => {
    let state = EMPTY_NOTICES;
    for (let i = 0; i < MAX_NOTICES + 5; i++) {
      state = noticeReducer(state, { type: 'received', activity: activity({ id: `n${i}` }) });
    }
    expect(state.notices).toHaveLength(MAX_NOTICES);
    expect(state.notices[0]?.id).toBe(`n${MAX_NOTICES + 4}`);
    state = noticeReducer(state, { type: 'dismiss', activityId: `n${MAX_NOTICES + 4}` });
    expect(state.notices.map((n: AssetActivity) => n.id)).not.toContain(`n${MAX_NOTICES + 4}`);
    expect(noticeReducer(state, { type: 'dismissAll' }).notices).toEqual([]);
  });
});
