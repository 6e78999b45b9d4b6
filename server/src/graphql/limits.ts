import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  type DocumentNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  ValidationContext,
  type ValidationRule,
  visitInParallel,
} from 'graphql';
import { MSG } from '../domain/messages';

/** Levels of nested fields, the leaves included (`{ me { id } }` is 2). */
const MAX_DEPTH = 9;
/** Aliased fields in one operation (the client's documents use none). */
const MAX_ALIASES = 15;
/**
 * graphql-armor's cost: 1 per scalar, 2 per object, each level weighing 1.5
 * times the one above it. The client's largest query (Donaciones) costs about 210.
 */
const MAX_COST = 2000;
/** Tokens of the query text (names, punctuation, values), counted while parsing: the client's stay under 300. */
const MAX_TOKENS = 2000;
const MAX_DIRECTIVES = 20;
/**
 * Depth of an operation that only reads the schema: the standard introspection query
 * (graphql-js's getIntrospectionQuery(), what GraphiQL, Postman and codegen send) is 15 deep
 * with its default nine levels of `ofType`.
 */
const MAX_INTROSPECTION_DEPTH = 15;

/** The code of every refusal by a limit (formatError keeps it: Apollo would make it GRAPHQL_VALIDATION_FAILED). */
export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

/** Every refusal: the same Spanish text, a 400 and no detail of which limit or by how much. */
function refuse(context: ValidationContext | null): void {
  context?.reportError(
    new GraphQLError(MSG.consultaDemasiadoProfunda, {
      extensions: { code: QUERY_TOO_COMPLEX, http: { status: 400 } },
    }),
  );
}

const refusal = { exposeLimits: false, propagateOnRejection: false, onReject: [refuse] };

const protection = new ApolloArmor({
  maxDepth: { n: MAX_DEPTH, ignoreIntrospection: false, flattenFragments: true, ...refusal },
  maxAliases: { n: MAX_ALIASES, ...refusal },
  costLimit: { maxCost: MAX_COST, ignoreIntrospection: false, flattenFragments: true, ...refusal },
  // Its Apollo plugin parses in parsingDidStart, where any syntax error became a 500:
  // graphql-js counts the tokens instead (queryParseOptions).
  maxTokens: { enabled: false },
  maxDirectives: { n: MAX_DIRECTIVES, ...refusal },
  blockFieldSuggestion: { mask: '' },
}).protect();

/**
 * The limits of a document that only reads the schema. graphql-armor's cost grows 1.5 times a
 * level, so any full introspection passes it; what bounds the work instead is graphql-js's own
 * MaxIntrospectionDepthRule (among the rules every request is validated with: at most two
 * nested `fields`/`inputFields`/`interfaces`/`possibleTypes` lists), the depth sized for the
 * standard query, the aliases and directives as for any query, and the token limit.
 */
const introspectionProtection = new ApolloArmor({
  maxDepth: { n: MAX_INTROSPECTION_DEPTH, ignoreIntrospection: false, flattenFragments: true, ...refusal },
  maxAliases: { n: MAX_ALIASES, ...refusal },
  costLimit: { enabled: false },
  maxTokens: { enabled: false },
  maxDirectives: { n: MAX_DIRECTIVES, ...refusal },
  blockFieldSuggestion: { enabled: false },
}).protect();

/** The root fields that read the schema, not data. */
const SCHEMA_FIELDS = new Set(['__schema', '__type', '__typename']);

/**
 * Whether every operation of the document selects only `__schema`, `__type` and `__typename`
 * at its root (through fragments too). A document with any other root field, or none, is not.
 */
export function onlyReadsSchema(document: DocumentNode): boolean {
  const fragments = new Map<string, SelectionSetNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def.selectionSet);
  }
  let schemaFields = 0;
  // False at the first data field; fragments already entered are skipped (a cycle is refused elsewhere).
  const check = (set: SelectionSetNode, entered: Set<string>): boolean =>
    set.selections.every((sel) => {
      if (sel.kind === Kind.FIELD) {
        schemaFields += 1;
        return SCHEMA_FIELDS.has(sel.name.value);
      }
      if (sel.kind === Kind.INLINE_FRAGMENT) return check(sel.selectionSet, entered);
      const fragment = fragments.get(sel.name.value);
      if (!fragment || entered.has(sel.name.value)) return true;
      return check(fragment, new Set(entered).add(sel.name.value));
    });
  const operations = document.definitions.filter((def) => def.kind === Kind.OPERATION_DEFINITION);
  return (
    operations.length > 0 &&
    operations.every((op) => op.operation === 'query' && check(op.selectionSet, new Set())) &&
    schemaFields > 0
  );
}

/**
 * The operations the server refuses before running them (graphql-armor): too deep, too many
 * aliases, too costly, too many directives. A document that only reads the schema (the standard
 * introspection query) has its own depth and no graphql-armor cost (introspectionProtection);
 * any document with a data field is measured in full, introspection fields included. One rule
 * that runs graphql-armor's together.
 */
export function queryLimits(): ValidationRule {
  const rules = protection.validationRules;
  const introspectionRules = introspectionProtection.validationRules;
  return (context) =>
    visitInParallel(
      (onlyReadsSchema(context.getDocument()) ? introspectionRules : rules).map((rule) => rule(context)),
    );
}

/** The parser stops past MAX_TOKENS (a GRAPHQL_PARSE_FAILED that formatError words in Spanish). */
export const queryParseOptions = { maxTokens: MAX_TOKENS };

/** graphql-js's words when the parser stops at the token limit. */
export const TOO_MANY_TOKENS = /Document contains more th(?:at|an) \d+ tokens/;

/** graphql-js's words when MaxIntrospectionDepthRule refuses a document. */
export const INTROSPECTION_TOO_DEEP = 'Maximum introspection depth exceeded';

/** graphql-armor's request plugin: no field suggestions in errors. */
export function queryLimitPlugins(): ApolloServerPlugin[] {
  return protection.plugins;
}
