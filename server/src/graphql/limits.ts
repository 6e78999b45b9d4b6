import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, ValidationContext, type ValidationRule, visitInParallel } from 'graphql';
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

/** Every refusal: the same Spanish text, a 400 and no detail of which limit or by how much. */
function refuse(context: ValidationContext | null): void {
  context?.reportError(
    new GraphQLError(MSG.consultaDemasiadoProfunda, {
      extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } },
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
 * The operations the server refuses before running them (graphql-armor): too
 * deep, too many aliases, too costly, too many directives. Introspection is
 * measured like any other query. One rule that runs graphql-armor's together.
 */
export function queryLimits(): ValidationRule {
  const rules = protection.validationRules;
  return (context) => visitInParallel(rules.map((rule) => rule(context)));
}

/** The parser stops past MAX_TOKENS (a GRAPHQL_PARSE_FAILED that formatError words in Spanish). */
export const queryParseOptions = { maxTokens: MAX_TOKENS };

/** graphql-js's words when the parser stops at the token limit. */
export const TOO_MANY_TOKENS = /Document contains more th(?:at|an) \d+ tokens/;

/** graphql-armor's request plugin: no field suggestions in errors. */
export function queryLimitPlugins(): ApolloServerPlugin[] {
  return protection.plugins;
}
