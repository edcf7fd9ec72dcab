import type { Config } from '../../config.js';
import { type Db, transaction } from '../../db/client.js';
import { type EngineQueue, QUEUES } from '../../jobs/queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { noticeWording } from '../../mail/notification-wording.js';
import { renderMail } from '../../mail/templates.js';
import { notificationOutbox } from './notification-outbox.repository.js';

/** The engine's queue of notification mails (its jobs carry the notification's id as requestId). */
export const NOTIFICATION_MAIL_QUEUE = QUEUES.notificationMail;
/** The tries a mail gets: the first and the queue's 10 retries (retryLimit), 2 s apart and doubling. */
export const MAIL_TRIES = 11;
const BATCH = 100;

/**
 * Hands the outbox's waiting mails to the queue, in one transaction with marking them QUEUED: each is handed once,
 * whichever engine sweeps first (rows taken with SKIP LOCKED). Returns how many.
 */
export async function queuePendingMails(db: Db, queue: EngineQueue, now: () => Date): Promise<number> {
  return transaction(db, async (tx) => {
    const outbox = notificationOutbox(tx);
    const pending = await outbox.pendingMails(BATCH);
    for (const mail of pending)
      await queue.enqueue(tx, NOTIFICATION_MAIL_QUEUE, {
        requestId: mail.id,
        organizationId: mail.organizationId ?? '',
      });
    await outbox.setEmailStatus(
      pending.map((m) => m.id),
      'QUEUED',
      now(),
    );
    return pending.length;
  });
}

/**
 * Sends one notification's mail in its recipient's language. A failure to deliver throws, so the queue tries again
 * later with backoff; after the last try the mail is FAILED. Nothing of the event that caused it waits on this.
 */
export async function sendNotificationMail(
  deps: { db: Db; config: Config; mailer: Mailer; now: () => Date },
  notificationId: string,
): Promise<void> {
  const outbox = notificationOutbox(deps.db);
  const mail = await outbox.mailOf(notificationId);
  // Gone (the account was deleted), sent already by an earlier try, or no longer wanted.
  if (mail?.notification.emailStatus !== 'QUEUED' || mail.status !== 'ACTIVE') return;
  const { notification } = mail;
  const lang = mail.language;
  const wording = noticeWording(notification.kind, lang, notification.subjectId, notification.data);
  const rendered = renderMail('notice', lang, {
    name: mail.name || mail.email,
    subject: wording.subject,
    paragraphs: wording.paragraphs,
    action: { label: wording.action.label, link: `${deps.config.appBaseUrl}${wording.action.path}` },
  });
  const tries = await outbox.countAttempt(notification.id);
  try {
    await deps.mailer.send({ to: mail.email, ...rendered });
  } catch (err) {
    if (tries >= MAIL_TRIES) await outbox.setEmailStatus([notification.id], 'FAILED', deps.now());
    throw err;
  }
  await outbox.setEmailStatus([notification.id], 'SENT', deps.now());
}
