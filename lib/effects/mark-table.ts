/**
 * The DynamoDB persistence layer of the effect marks: Powertools' DynamoDB layer (same table
 * layout, same attributes, same takeover rule) plus an owner. Each effect call makes its own layer
 * with a random owner token, written into its mark, so that the table can tell this call's own
 * writes from anyone else's:
 *
 * - the mark's put also succeeds over a mark of the same owner: when the SDK retries a put that
 *   had succeeded (its answer was lost), the retry finds this call's own mark and must not take it
 *   for another call in progress (the record would be held off until the in-progress expiry and
 *   could reach the DLQ although nothing ran);
 * - the save (COMPLETED) and the delete only touch a mark this call still owns: a call that
 *   outlived its in-progress expiry does not overwrite or delete the mark of the call that took
 *   over (ConditionalCheckFailedException on save; the delete is then a no-op).
 *
 * Powertools documents a persistence layer of one's own as the way to change how marks are
 * written (BasePersistenceLayer); the base class keeps the key, hashing, expiry and validation.
 *
 * @internal
 */
import {
  IdempotencyItemAlreadyExistsError,
  IdempotencyItemNotFoundError,
} from '@aws-lambda-powertools/idempotency';
import { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

/** Attribute names: Powertools' defaults (the infra's table has `id` and TTL `expiration`), plus `owner`. */
export const MARK_ATTRIBUTES = {
  key: 'id',
  expiry: 'expiration',
  inProgressExpiry: 'in_progress_expiration',
  status: 'status',
  data: 'data',
  validation: 'validation',
  owner: 'owner',
} as const;

const A = MARK_ATTRIBUTES;

/** One call's view of the marks table. @internal */
export class EffectMarkTable extends BasePersistenceLayer {
  readonly #client: DynamoDBClient;
  readonly #tableName: string;
  readonly #owner: string;

  constructor(options: { client: DynamoDBClient; tableName: string; owner: string }) {
    super();
    this.#client = options.client;
    this.#tableName = options.tableName;
    this.#owner = options.owner;
  }

  #key(idempotencyKey: string): Record<string, AttributeValue> {
    return { [A.key]: { S: idempotencyKey } };
  }

  #record(item: Record<string, AttributeValue>): IdempotencyRecord {
    const mark = unmarshall(item);
    return new IdempotencyRecord({
      idempotencyKey: mark[A.key],
      status: mark[A.status],
      expiryTimestamp: mark[A.expiry],
      inProgressExpiryTimestamp: mark[A.inProgressExpiry],
      responseData: mark[A.data],
      payloadHash: mark[A.validation],
    });
  }

  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const item: Record<string, AttributeValue> = {
      ...this.#key(record.idempotencyKey),
      [A.expiry]: { N: String(record.expiryTimestamp) },
      [A.status]: { S: record.getStatus() },
      [A.owner]: { S: this.#owner },
    };
    if (record.inProgressExpiryTimestamp !== undefined) {
      item[A.inProgressExpiry] = { N: String(record.inProgressExpiryTimestamp) };
    }
    if (this.isPayloadValidationEnabled() && record.payloadHash !== undefined) {
      item[A.validation] = { S: record.payloadHash };
    }
    const now = Date.now();
    try {
      await this.#client.send(
        new PutItemCommand({
          TableName: this.#tableName,
          Item: item,
          // Powertools' rule (absent, expired, or in progress past its expiry), or my own mark.
          ConditionExpression:
            'attribute_not_exists(#id) OR #expiry < :now OR ' +
            '(#status = :inprogress AND attribute_exists(#in_progress_expiry) AND #in_progress_expiry < :now_in_millis) OR ' +
            '#owner = :owner',
          ExpressionAttributeNames: {
            '#id': A.key,
            '#expiry': A.expiry,
            '#in_progress_expiry': A.inProgressExpiry,
            '#status': A.status,
            '#owner': A.owner,
          },
          ExpressionAttributeValues: {
            ':now': { N: String(now / 1000) },
            ':now_in_millis': { N: String(now) },
            ':inprogress': { S: 'INPROGRESS' },
            ':owner': { S: this.#owner },
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new IdempotencyItemAlreadyExistsError(
          `Failed to put record for already existing idempotency key: ${record.idempotencyKey}`,
          error.Item ? this.#record(error.Item) : undefined,
        );
      }
      throw error;
    }
  }

  protected async _getRecord(idempotencyKey: string): Promise<IdempotencyRecord> {
    const out = await this.#client.send(
      new GetItemCommand({
        TableName: this.#tableName,
        Key: this.#key(idempotencyKey),
        ConsistentRead: true,
      }),
    );
    if (!out.Item) throw new IdempotencyItemNotFoundError();
    return this.#record(out.Item);
  }

  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    const names: Record<string, string> = { '#expiry': A.expiry, '#status': A.status, '#owner': A.owner };
    const values: Record<string, unknown> = {
      ':expiry': record.expiryTimestamp,
      ':status': record.getStatus(),
      ':owner': this.#owner,
    };
    const set = ['#expiry = :expiry', '#status = :status'];
    if (record.responseData !== undefined) {
      set.push('#data = :data');
      names['#data'] = A.data;
      values[':data'] = record.responseData;
    }
    if (this.isPayloadValidationEnabled()) {
      set.push('#validation = :validation');
      names['#validation'] = A.validation;
      values[':validation'] = record.payloadHash;
    }
    await this.#client.send(
      new UpdateItemCommand({
        TableName: this.#tableName,
        Key: this.#key(record.idempotencyKey),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: names,
        // Marshalling refuses what DynamoDB cannot hold (a number above MAX_SAFE_INTEGER): the
        // caller then saves the mark without its result.
        ExpressionAttributeValues: marshall(values, { removeUndefinedValues: true }),
      }),
    );
  }

  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    try {
      await this.#client.send(
        new DeleteItemCommand({
          TableName: this.#tableName,
          Key: this.#key(record.idempotencyKey),
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': A.owner },
          ExpressionAttributeValues: { ':owner': { S: this.#owner } },
        }),
      );
    } catch (error) {
      // Gone already (a retried delete), or another call's mark now: not mine to delete.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
