/** The schemas the format tests encode with (through avsc, protobufjs and JSON, never by hand). */

export const REVIEW_V1 = {
  type: 'record',
  name: 'Review',
  namespace: 'shop',
  fields: [
    { name: 'reviewId', type: 'string' },
    { name: 'userId', type: 'string' },
    { name: 'rating', type: 'int' },
  ],
};

/** v2: rating widened to long, a comment with a default, userId kept. */
export const REVIEW_V2 = {
  type: 'record',
  name: 'Review',
  namespace: 'shop',
  fields: [
    { name: 'reviewId', type: 'string' },
    { name: 'userId', type: 'string' },
    { name: 'rating', type: 'long' },
    { name: 'comment', type: 'string', default: '' },
  ],
};

export const REVIEW_KEY = {
  type: 'record',
  name: 'ReviewKey',
  namespace: 'shop',
  fields: [{ name: 'reviewId', type: 'string' }],
};

/** Two top-level messages and a nested one, so message indexes are not all [0]. */
export const REVIEW_PROTO = `
syntax = "proto3";
package shop;
message Envelope { string id = 1; }
message Review {
  string reviewId = 1;
  string userId = 2;
  int32 rating = 3;
  message Reply { string text = 1; }
}
`;

export const REVIEW_JSON_SCHEMA = {
  type: 'object',
  required: ['reviewId', 'userId', 'rating'],
  properties: {
    reviewId: { type: 'string' },
    userId: { type: 'string' },
    rating: { type: 'integer', minimum: 1, maximum: 5 },
  },
};

export const review = (n: number) => ({ reviewId: `r-${n}`, userId: `u-${n}`, rating: (n % 5) + 1 });
