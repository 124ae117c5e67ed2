import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../accounts/passwords';
import { audit } from './audit';
import { deleteExclusivePricesOf, endTradeMembershipOf } from './customers/service';

/** An owner can do anything in the shop, so their password is longer than a customer's (8). */
export const OWNER_PASSWORD_MIN = 12;
const PASSWORD_MAX = 256;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class CreateOwnerError extends Error {}

export interface CreateOwnerInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * `npm run create-owner`: makes the shop's first owner (there is no default account or password anywhere), or
 * makes an existing account an owner, keeping its password. Written to the audit log as the command line.
 */
export async function createOwner(db: Db, input: CreateOwnerInput): Promise<'created' | 'promoted'> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254)
    throw new CreateOwnerError(`"${input.email}" is not an e-mail address`);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    const actor = { id: null, email: 'command line (create-owner)' };
    if (existing) {
      await tx.update(users).set({ role: 'owner', isActive: true }).where(eq(users.id, existing.id));
      // Exclusive prices and trade membership are for customers only: neither outlives the promotion.
      const pricesEnded = await deleteExclusivePricesOf(tx, existing.id);
      const membershipEnded = await endTradeMembershipOf(tx, existing.id);
      await audit(
        tx,
        actor,
        {
          action: 'user.role',
          entityType: 'user',
          entityId: existing.id,
          before: { role: existing.role },
          after: { role: 'owner' },
        },
        ...pricesEnded,
        ...membershipEnded,
      );
      return 'promoted';
    }
    if (input.password.length < OWNER_PASSWORD_MIN || input.password.length > PASSWORD_MAX) {
      throw new CreateOwnerError(
        `--password must be ${OWNER_PASSWORD_MIN} to ${PASSWORD_MAX} characters long for an owner`,
      );
    }
    const [created] = await tx
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName?.trim() || 'Shop',
        lastName: input.lastName?.trim() || 'Owner',
        role: 'owner',
      })
      .returning({ id: users.id });
    await audit(tx, actor, {
      action: 'user.create',
      entityType: 'user',
      entityId: created!.id,
      after: { email, role: 'owner' },
    });
    return 'created';
  });
}
