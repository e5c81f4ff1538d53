// The shape of the authorization matrix: the seven callers, what a cell may expect, and one row
// per GraphQL operation. The rows live beside this file, one module per part of the product; the
// test that runs them is ../authorization-matrix.test.ts (docs/security.md, "Authorization matrix").
import type { StaffRole } from '../../../../lambdas/core/access';
import type { Auth } from '../../../support/api';

export const CALLERS = ['anonymous', 'resident', 'staffNoRole', 'staff', 'otherLgaStaff', 'exCustomer', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** The errors with which authorization refuses a caller. */
export const DENIALS = ['Unauthorized', 'Forbidden', 'PaymentRequired'] as const;
export type Denial = (typeof DENIALS)[number];

/**
 * What one cell must get:
 * - 'ok': no error, the field answered;
 * - a denial: that error type, and no data for the field;
 * - 'NotFound' | 'Conflict' | 'ValidationError': the caller passed authorization and the call then
 *   met that (non-authorization) error; the row's note says why a real success cannot be had there.
 */
export type Outcome = 'ok' | Denial | 'NotFound' | 'Conflict' | 'ValidationError';
export type Expected = Record<Caller, Outcome>;

/** One cell being run: the caller, the LGA they act on and their credentials. */
export interface Cell {
  caller: Caller;
  /** The row's home LGA, or for the ex-customer their own cancelled LGA. */
  lga: string;
  auth: Auth;
  /** The signed-in caller's account (absent for anonymous). */
  user?: { uid: string; email: string };
  /** What the row says this caller gets. */
  expected: Outcome;
}

/** What a row's `call` hands back for one cell. */
export interface CellCall {
  variables?: Record<string, unknown>;
  /** Another account of the caller's kind, when the call uses one up (deleteAccount) or needs one the standard callers are not. */
  auth?: Auth;
}

export interface Row {
  /** The staff roles that grant the operation (any one of them); absent when no staff role does. */
  roles?: readonly StaffRole[];
  expected: Expected;
  /** The GraphQL document: a query, a mutation, or (for Subscription rows) the subscription. */
  document: string;
  /** Variables and fixtures for one cell. */
  call?: (cell: Cell) => CellCall | Promise<CellCall>;
  /** The LGA the callers act on (default Forbes, a paying customer); a function for a fresh one per cell. */
  home?: string | ((caller: Caller) => Promise<string>);
  /** The cancelled LGA the ex-customer's staff act on (default Weddin). */
  exHome?: string | (() => Promise<string>);
  /** Cells sharing a lock run one at a time (they change the same thing). */
  lock?: string;
  /** Why the outcomes are what they are, when it is not obvious. */
  note?: string;
}

export const outcomes = (ok: readonly Caller[], otherwise: Outcome, overrides: Partial<Expected> = {}): Expected =>
  Object.fromEntries(CALLERS.map((c) => [c, overrides[c] ?? (ok.includes(c) ? 'ok' : otherwise)])) as Expected;

const SIGNED_IN_CALLERS = CALLERS.filter((c) => c !== 'anonymous');

/** Public: the API key is enough. */
export const EVERYONE = outcomes(CALLERS, 'ok');
/** Any signed-in user, on their own data. */
export const SIGNED_IN = outcomes(SIGNED_IN_CALLERS, 'Unauthorized');
/** Staff with the role in the LGA and a paying customer, or an admin. */
export const STAFF_WITH_ROLE = outcomes(['staff', 'admin'], 'Forbidden', { anonymous: 'Unauthorized', exCustomer: 'PaymentRequired' });
/** Account management needs no paying customer: ex-customers still manage their staff. */
export const ACCOUNT_MANAGERS = outcomes(['staff', 'exCustomer', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' });
export const ADMIN_ONLY = outcomes(['admin'], 'Forbidden', { anonymous: 'Unauthorized' });
/** Internal publishers (AWS IAM): AppSync refuses the API key and every user-pool token. */
export const IAM_ONLY = outcomes([], 'Unauthorized');
/** The uploader of a photo, or an admin (the matrix's photos are the resident's). */
export const OWNER_OR_ADMIN = outcomes(['resident', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' });

/** Moderating reports: a submission moderator, closure administrator or account manager of the LGA. */
export const MODERATOR_ROLES = ['submission_moderator', 'closure_administrator', 'account_manager'] as const satisfies readonly StaffRole[];

export type Rows = Record<string, Row>;
