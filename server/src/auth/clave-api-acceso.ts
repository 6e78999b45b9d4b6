/**
 * What an API key may do, decided in one place: a `query` of the indicators
 * (camposPermitidosConClaveApi). Any other query, every mutation, the schema's description
 * and every /api route are refused with FORBIDDEN / 403 before anything runs. The authChecker
 * (auth-checker.ts) applies the same list field by field, should a resolver be reached anyway.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Context } from '../context';
import { camposPermitidosConClaveApi, esClaveApi } from '../domain/clave-api';
import { MSG } from '../domain/messages';
import { ForbiddenError } from '../errors';
import { tokenFromHeader } from './jwt';

/** The root fields an operation asks for, through fragments and inline fragments. */
function rootFields(document: DocumentNode, operation: OperationDefinitionNode): Set<string> {
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  const out = new Set<string>();
  const walk = (set: SelectionSetNode, seen: Set<string>) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) out.add(sel.name.value);
      else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet, seen);
      else {
        const fragment = fragments.get(sel.name.value);
        if (fragment && !seen.has(sel.name.value))
          walk(fragment.selectionSet, new Set(seen).add(sel.name.value));
      }
    }
  };
  walk(operation.selectionSet, new Set());
  return out;
}

/** Whether an API key may run this operation: a query of the indicators (camposPermitidosConClaveApi). */
export function permitidaConClaveApi(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  if (operation.operation !== 'query') return false;
  return camposPermitidosConClaveApi([...rootFields(document, operation)]);
}

/** The refusal of an API key, as a request error: 403 and FORBIDDEN with the Spanish text. */
function rechazo(): GraphQLError {
  return new GraphQLError(MSG.claveApiSoloIndicadores, {
    originalError: new ForbiddenError(MSG.claveApiSoloIndicadores),
    extensions: { code: 'FORBIDDEN', http: { status: 403 } },
  });
}

/** Refuses, once the operation is known and before it runs, whatever an API key may not do. */
export function soloIndicadoresConClaveApi(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      if (!contextValue.claveApi) return undefined;
      return {
        async didResolveOperation({ document, operation }) {
          if (!operation || !permitidaConClaveApi(document, operation)) throw rechazo();
        },
      };
    },
  };
}

/**
 * /api is the original product's API over personal data: an API key gets 403 on every route
 * (openapi.json and unknown paths included), before the key is even looked up.
 */
export const rechazarClavesApi: RequestHandler = (req, res, next) => {
  if (!esClaveApi(tokenFromHeader(req.headers.authorization))) {
    next();
    return;
  }
  res.status(403).json({ errors: [{ msg: MSG.claveApiSoloIndicadores }] });
};
