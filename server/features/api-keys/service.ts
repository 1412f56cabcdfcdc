// Personal API keys: made (the key answered once, only its SHA-256 hash kept), listed with what
// each spent this month, revoked; a Bearer key resolved into its member and scopes; and each key's
// monthly credit cap, decided inside the transaction that charges for a video.
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKey,
  type CreatedApiKey,
  createApiKeySchema,
} from '../../../shared/schemas/api-keys';
import { isUuid } from '../../../shared/schemas/ids';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { KeyCreditCap, NotFound, Unauthorized, ValidationFailed } from '../../errors';
import { type ApiKeyListRow, type ApiKeysRepository, monthStart } from './repository';

/** A request's key, once its Bearer token is found live. */
export type KeyGrant = { id: string; userId: string; scopes: ApiKeyScope[] };

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function present(row: ApiKeyListRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    monthlyCreditCap: row.monthlyCreditCap,
    creditsSpentThisMonth: row.creditsSpentThisMonth,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export class ApiKeysService {
  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, input: CreateApiKey): Promise<CreatedApiKey> {
    const fields = createApiKeySchema.parse(input);
    // 32 random bytes: guessing one is hopeless, so a fast hash is as safe as a slow one here.
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.repository.insertWithin(API_KEY_LIMITS.perMember, {
      userId,
      name: fields.name,
      keyHash: hashApiKey(key),
      prefix: key.slice(0, API_KEY_VISIBLE_LENGTH),
      scopes: fields.scopes,
      monthlyCreditCap: fields.monthlyCreditCap,
    });
    if (!row) throw new ValidationFailed(API_KEY_MESSAGES.tooMany);
    return { ...present({ ...row, creditsSpentThisMonth: 0 }), key };
  }

  async list(userId: string): Promise<ApiKey[]> {
    const rows = await this.repository.list(userId, monthStart(this.clock.now()));
    return rows.map(present);
  }

  async revoke(userId: string, id: string): Promise<void> {
    // Text that is no uuid names no key: answered as an unknown one, before any query runs.
    const known = isUuid(id) && (await this.repository.revoke(userId, id));
    if (!known) throw new NotFound(API_KEY_MESSAGES.notFound);
  }

  /** The live key a Bearer token names, or 401 (unknown, malformed or revoked alike). */
  async authenticate(token: string): Promise<KeyGrant> {
    const row = token.startsWith(API_KEY_PREFIX)
      ? await this.repository.liveKeyByHash(hashApiKey(token))
      : null;
    if (!row) throw new Unauthorized(API_KEY_MESSAGES.invalid);
    return { id: row.id, userId: row.userId, scopes: row.scopes as ApiKeyScope[] };
  }

  /**
   * Counts a render attempt's charge against the key that asked for it, inside the charging
   * transaction: refused with KEY_CREDIT_CAP when the month's spend would pass the key's cap. The
   * key's row is locked first, so parallel charges through one key are decided one at a time.
   */
  async charge(db: Database, apiKeyId: string, reference: string, credits: number): Promise<void> {
    const key = await this.repository.lockForCharge(db, apiKeyId, monthStart(this.clock.now()));
    if (!key) throw new Unauthorized(API_KEY_MESSAGES.invalid);
    if (key.cap !== null && key.spent + credits > key.cap) {
      throw new KeyCreditCap(API_KEY_MESSAGES.capReached, key.cap);
    }
    await this.repository.recordSpend(db, { apiKeyId, kind: 'spend', credits, reference });
  }

  /** Gives a refunded attempt's credits back to the month of the key that paid for it, once. */
  async refund(db: Database, reference: string): Promise<void> {
    const spender = await this.repository.spenderOf(db, reference);
    if (!spender) return;
    await this.repository.recordSpend(db, {
      apiKeyId: spender.apiKeyId,
      kind: 'refund',
      credits: -spender.credits,
      reference,
    });
  }
}
