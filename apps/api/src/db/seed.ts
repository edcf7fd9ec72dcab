import { count } from 'drizzle-orm';
import type { Db } from './client.js';
import { accounts, organizations } from './schema/index.js';

export const DEMO = {
  organizationName: 'Vaultline Demo',
  ownerEmail: 'owner@demo.vaultline.local',
  ownerFirstName: 'Minji',
  ownerLastName: 'Kim',
} as const;

export interface SeedResult {
  seeded: boolean;
  organizationId?: string;
}

/** Seeds the demo organization once: only into an empty database, in one transaction. */
export async function seedDemo(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(organizations);
    if ((existing?.n ?? 0) > 0) return { seeded: false };
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO.organizationName })
      .returning({ id: organizations.id });
    await tx.insert(accounts).values({
      kind: 'MEMBER',
      organizationId: org!.id,
      email: DEMO.ownerEmail,
      firstName: DEMO.ownerFirstName,
      lastName: DEMO.ownerLastName,
      userName: `${DEMO.ownerFirstName} ${DEMO.ownerLastName}`,
      language: 'KO',
      status: 'ACTIVE',
    });
    return { seeded: true, organizationId: org!.id };
  });
}
