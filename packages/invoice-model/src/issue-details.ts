// Validation problems as data (`error.details`): each names its field path as D4 writes it
// (`items[3].unit_price`), a rule from the closed table (issue-rules.ts) and what is wrong. The one
// error message is made from the same details, so prose and data never disagree.
import type { z } from 'zod';
import { formatIssuePath, joinIssueTexts } from './issue-messages.ts';
import { type IssueRule, isIssueRule } from './issue-rules.ts';
import { suggestField } from './suggest-field.ts';

export interface IssueDetail {
  /** `items[3].unit_price`; `body` for the body itself. */
  path: string;
  rule: IssueRule;
  /** What is wrong, without the path: `must be a number`. */
  message: string;
}

/** At most this many details in one answer; the message counts the rest. */
export const MAX_DETAILS = 50;
/** A client's key is echoed at most this long. */
const MAX_ECHOED_KEY = 40;

export function issueDetail(path: readonly PropertyKey[] | string, rule: IssueRule, message: string): IssueDetail {
  return { path: typeof path === 'string' ? path : formatIssuePath(path), rule, message };
}

/** `items[3].unit_price: must be a number; to.name: is required` (D4), at most five named. */
export function detailsMessage(details: readonly IssueDetail[]): string {
  return joinIssueTexts(details.map((d) => `${d.path}: ${d.message}`));
}

function echoKey(key: string): string {
  return key.length > MAX_ECHOED_KEY ? `${key.slice(0, MAX_ECHOED_KEY)}…` : key;
}

/**
 * The unknown-field detail for `key` in the object at `parent`, suggesting the closest of `known`. A map
 * with a closed set of keys (`customLabels`) lists them all: there the keys are the vocabulary.
 */
export function unknownFieldDetail(
  parent: readonly PropertyKey[],
  key: string,
  known: readonly string[],
  listKnown = false,
): IssueDetail {
  const meant = suggestField(key, known);
  const hints = [meant && `did you mean ${meant}?`, listKnown && `the keys are ${known.join(', ')}`].filter(Boolean);
  return issueDetail(
    [...parent, echoKey(key)],
    'unknown_field',
    `unknown field${hints.length > 0 ? ` (${hints.join('; ')})` : ''}`,
  );
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, unknown>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Through optional, default, nullable, pipe and lazy wrappers to the schema that holds the shape. */
function unwrap(schema: z.ZodType): z.ZodType {
  for (let i = 0; i < 16; i++) {
    const def = defOf(schema);
    const inner = def.innerType ?? def.in ?? def.getter?.();
    if (!inner) return schema;
    schema = inner;
  }
  return schema;
}

/**
 * The keys the schema at `path` inside `schema` allows: an object's fields, or the closed key set of a
 * record keyed by an enum (`record: true`).
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): { keys: string[]; record: boolean } {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const seg of path) {
    const def = defOf(current);
    const next: z.ZodType | undefined =
      typeof seg === 'number' ? def.element : (def.shape?.[String(seg)] ?? def.valueType);
    if (!next) return { keys: [], record: false };
    current = unwrap(next);
  }
  const def = defOf(current);
  if (def.shape) return { keys: Object.keys(def.shape), record: false };
  const entries = def.keyType ? defOf(unwrap(def.keyType)).entries : undefined;
  return { keys: Object.keys(entries ?? {}), record: entries !== undefined };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg as string];
  }
  return v;
}

function sizeRule(issue: { origin?: string }, small: boolean): IssueRule {
  if (issue.origin === 'array' || issue.origin === 'set') return small ? 'min_items' : 'max_items';
  if (issue.origin === 'string') return small ? 'min_length' : 'max_length';
  return small ? 'minimum' : 'maximum';
}

/** The rule a zod issue breaks; refinements name theirs with `params: { rule }` (ruleParams). */
function ruleOf(issue: z.core.$ZodIssue, input: unknown): IssueRule {
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? 'required' : 'type';
    case 'too_small':
      return sizeRule(issue, true);
    case 'too_big':
      return sizeRule(issue, false);
    case 'invalid_format':
      return issue.format === 'regex' ? 'pattern' : 'format';
    case 'invalid_value':
    case 'invalid_key':
      return valueAt(input, issue.path) === undefined ? 'required' : 'enum';
    case 'invalid_union':
    case 'invalid_element':
      return 'type';
    case 'custom': {
      const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
      return isIssueRule(rule) ? rule : 'invalid';
    }
    default:
      return 'invalid';
  }
}

/**
 * zod's issues as details: one per unknown key (with the suggestion read off `schema` at that place),
 * one per other issue. `input` is what was parsed (a missing value is `required`, a wrong one `type`).
 */
export function zodIssueDetails(issues: readonly z.core.$ZodIssue[], schema: z.ZodType, input: unknown): IssueDetail[] {
  const details: IssueDetail[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const { keys, record } = keysAt(schema, issue.path);
      for (const key of issue.keys) details.push(unknownFieldDetail(issue.path, key, keys, record));
    } else {
      details.push(issueDetail(issue.path, ruleOf(issue, input), issue.message));
    }
  }
  return details;
}
