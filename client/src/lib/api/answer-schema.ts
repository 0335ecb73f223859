import type { BaseQueryFn, QueryDefinition } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import type { ApiError } from './api-request';

/** What an endpoint's `responseSchema` takes: a schema whose output is the endpoint's result. */
type ResponseSchema<Result> = NonNullable<QueryDefinition<unknown, BaseQueryFn, string, Result>['responseSchema']>;

/**
 * A contract schema (contract/) as an endpoint's `responseSchema`: RTK Query checks the answer with
 * it and keeps what it returns (defaults filled in, fields outside the contract dropped); an answer
 * that does not parse is a PARSING_ERROR (see `api.ts`). RTK's type wants the schema's input to be
 * its output too, which a schema with defaults does not declare; it only ever calls `validate`.
 */
export function answerSchema<Schema extends z.ZodType>(schema: Schema): ResponseSchema<z.output<Schema>> {
  return schema as unknown as ResponseSchema<z.output<Schema>>;
}

/** The failure of an answer outside the contract, logged with what did not fit. */
export function outsideContract(endpoint: string, issues: unknown): ApiError {
  console.error(`API answer of ${endpoint} outside the contract`, issues);
  return { status: 'PARSING_ERROR', message: `${endpoint}: the answer is not in the expected shape` };
}
