import 'reflect-metadata';
import { GraphQLSchema } from 'graphql';
import { getMetadataStorage as validationMetadata, validateSync, ValidationError } from 'class-validator';
import { ArgumentValidationError, buildSchemaSync, getMetadataStorage, NonEmptyArray } from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import { subgraphSchema } from './federation';

/** The resolver classes a schema is built from: the composition root's list (services.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type Resolvers = NonEmptyArray<Function>;

/** The schemas built, by resolver list (the app has one list, so each is built once). */
const productSchemas = new WeakMap<Resolvers, GraphQLSchema>();
const schemas = new WeakMap<Resolvers, GraphQLSchema>();

/** TypeGraphQL's own defaults for `validate: true`. */
const VALIDATOR_OPTIONS = { skipMissingProperties: true, forbidUnknownValues: false };
const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';

/** Whether an input class has class-validator rules at all, by class (worked out once). */
const hasRules = new WeakMap<object, boolean>();

function withRules(value: object): boolean {
  const type = value.constructor;
  let known = hasRules.get(type);
  if (known === undefined) {
    known = validationMetadata().getTargetValidationMetadatas(type, '', true, false).length > 0;
    hasRules.set(type, known);
  }
  return known;
}

/**
 * Validates each input argument against its class-validator decorators, as TypeGraphQL's
 * default does, with three differences for the cost of every request: class-validator is
 * imported once (the default loads it with import() for every argument), its validation runs
 * synchronously (no rule here is asynchronous: the asynchronous one built a promise per rule),
 * and a class without rules is not handed to it (finding a class's rules scans every class's).
 */
function validateArgument(value: unknown): void {
  if (!isObject(value)) return;
  const items = Array.isArray(value) ? value.filter(isObject) : [value];
  const errors: ValidationError[] = items
    .filter(withRules)
    .flatMap((item) => validateSync(item, VALIDATOR_OPTIONS));
  if (errors.length > 0) throw new ArgumentValidationError(errors);
}

/**
 * Fields read straight from their object get graphql-js's default resolver. TypeGraphQL
 * otherwise wraps every field of every row in a resolver of its own (to run middlewares and the
 * authChecker), which costs an allocation and a call per field per row for nothing: no field here
 * has middlewares. A field with roles (`@Authorized` on a field) or middlewares keeps the wrapper,
 * so its check still runs; fields with their own resolver (`@FieldResolver`) are not affected.
 * (TypeGraphQL attaches roles and middlewares to the fields only while building, so they are read
 * from their own lists; a name found there keeps the wrapper on every type, to err on the safe side.)
 */
export function withoutFieldWrappers(): void {
  const storage = getMetadataStorage();
  const guarded = new Set([
    ...storage.authorizedFields.map((a) => a.fieldName),
    ...storage.middlewares.map((m) => m.fieldName),
  ]);
  for (const field of storage.fields) field.simple ??= !guarded.has(field.name);
}

/**
 * The product's own schema, built once from the TypeGraphQL classes: what schema.graphql
 * describes for the client (npm run gen).
 */
export function getProductSchema(resolvers: Resolvers): GraphQLSchema {
  let productSchema = productSchemas.get(resolvers);
  if (!productSchema) {
    withoutFieldWrappers();
    productSchema = buildSchemaSync({
      resolvers,
      authChecker,
      authMode: 'error',
      validateFn: validateArgument,
    });
    productSchemas.set(resolvers, productSchema);
  }
  return productSchema;
}

/**
 * The schema /graphql serves: the product's, as an Apollo Federation 2 subgraph
 * (graphql/federation.ts) with `_service` and `_entities` for a network's gateway.
 */
export function getSchema(resolvers: Resolvers): GraphQLSchema {
  let schema = schemas.get(resolvers);
  if (!schema) {
    schema = subgraphSchema(getProductSchema(resolvers));
    schemas.set(resolvers, schema);
  }
  return schema;
}
