import {
  defaultFieldResolver,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getArgumentValues,
  getNamedType,
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  TypeInfo,
  type ValueNode,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { claseDeCampo, textoDeEntrada } from '../domain/texto';
import { ValidationError } from '../errors';

/**
 * Every String and ID value a GraphQL operation receives, literal or variable, at any depth of
 * its input objects, goes through domain/texto.ts like the REST shim's (input-guard.ts):
 * - before anything runs, textArgumentError finds a refused code point (the argumentValues
 *   plugin answers it 400 BAD_USER_INPUT naming the field, and nothing of the operation runs);
 * - when a field runs, normalizeTextArguments has its arguments' pasted whitespace turned into
 *   spaces, whether they came from variables or from the query text.
 * Fields are named as the services name them: an input object's fields by their path inside it
 * ('nombre', 'cph.contacto1.Nombre'), a scalar argument by its own name ('motivo').
 */

const TEXT_SCALARS = new Set(['String', 'ID']);

/** Whether values of an input type can hold text (by type, worked out once). */
const holdsTextCache = new WeakMap<GraphQLInputType, boolean>();

function holdsText(type: GraphQLInputType): boolean {
  const known = holdsTextCache.get(type);
  if (known !== undefined) return known;
  // A recursive input type is not text through itself.
  holdsTextCache.set(type, false);
  let result = false;
  if (isNonNullType(type) || isListType(type)) result = holdsText(type.ofType);
  else if (isInputObjectType(type)) result = Object.values(type.getFields()).some((f) => holdsText(f.type));
  else result = isScalarType(type) && TEXT_SCALARS.has(type.name);
  holdsTextCache.set(type, result);
  return result;
}

/**
 * A coerced input value with its strings through textoDeEntrada: replaced in place by their
 * normalised text; the first refused one thrown as a ValidationError naming its field.
 */
function cleanValue(value: unknown, type: GraphQLInputType, field: string): unknown {
  if (value === null || value === undefined) return value;
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return value;
    value.forEach((item: unknown, i) => {
      const cleaned = cleanValue(item, nullable.ofType, field);
      if (cleaned !== item) value[i] = cleaned;
    });
    return value;
  }
  if (isInputObjectType(nullable)) {
    if (typeof value !== 'object') return value;
    const fields = value as Record<string, unknown>;
    for (const f of Object.values(nullable.getFields())) {
      if (!Object.hasOwn(fields, f.name) || !holdsText(f.type)) continue;
      const cleaned = cleanValue(fields[f.name], f.type, field ? `${field}.${f.name}` : f.name);
      if (cleaned !== fields[f.name]) fields[f.name] = cleaned;
    }
    return value;
  }
  if (typeof value !== 'string' || !isScalarType(nullable) || !TEXT_SCALARS.has(nullable.name)) return value;
  const read = textoDeEntrada(value, claseDeCampo(field));
  if (!read.ok) throw ValidationError.single(field, read.error);
  return read.value;
}

/** A field's coerced arguments cleaned in place (cleanValue); throws the first refusal. */
function cleanArguments(args: readonly GraphQLArgument[], values: Record<string, unknown>): void {
  for (const arg of args) {
    if (!Object.hasOwn(values, arg.name)) continue;
    // An input object's fields are named inside it, as its class-validator errors are.
    const root = isInputObjectType(getNamedType(arg.type)) ? '' : arg.name;
    const cleaned = cleanValue(values[arg.name], arg.type, root);
    if (cleaned !== values[arg.name]) values[arg.name] = cleaned;
  }
}

type TextCheck = {
  def: NonNullable<Parameters<typeof getArgumentValues>[0]>;
  node: FieldNode | DirectiveNode;
};
type TextChecks = { literal: TextCheck[]; variable: TextCheck[] };

/** Per operation: its fields and directives with text arguments, and the refusal of its literal ones. */
const checksOf = new WeakMap<OperationDefinitionNode, TextChecks>();
const literalRefusalOf = new WeakMap<OperationDefinitionNode, ValidationError | null>();

/** Whether a value holds a variable (directly, or inside a list or an input object). */
export function holdsVariable(value: ValueNode): boolean {
  if (value.kind === Kind.VARIABLE) return true;
  if (value.kind === Kind.LIST) return value.values.some(holdsVariable);
  if (value.kind === Kind.OBJECT) return value.fields.some((f) => holdsVariable(f.value));
  return false;
}

function textChecks(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
): TextChecks {
  const known = checksOf.get(operation);
  if (known) return known;
  const checks: TextChecks = { literal: [], variable: [] };
  const typeInfo = new TypeInfo(schema);
  const keep = (def: TextCheck['def'] | null | undefined, node: FieldNode | DirectiveNode) => {
    if (!def || !node.arguments?.length || !def.args.some((a) => holdsText(a.type))) return;
    const variables = node.arguments.some((a) => holdsVariable(a.value));
    (variables ? checks.variable : checks.literal).push({ def, node });
  };
  for (const definition of [operation, ...fragments]) {
    visit(
      definition,
      visitWithTypeInfo(typeInfo, {
        Field: (node) => keep(typeInfo.getFieldDef(), node),
        Directive: (node) => keep(typeInfo.getDirective(), node),
      }),
    );
  }
  checksOf.set(operation, checks);
  return checks;
}

function firstRefusal(checks: TextCheck[], variables: Record<string, unknown>): ValidationError | null {
  for (const { def, node } of checks) {
    let values: Record<string, unknown>;
    try {
      values = getArgumentValues(def, node, variables);
    } catch {
      // A value of the wrong type: graphql-js refuses it (and argumentValues answers it).
      continue;
    }
    try {
      // The values are fresh copies: cleaning them changes nothing that runs.
      cleanArguments(def.args, values);
    } catch (error) {
      if (error instanceof ValidationError) return error;
      throw error;
    }
  }
  return null;
}

/**
 * The first refused text among the arguments of an operation (its fields and directives,
 * through the fragments it uses), with the request's coerced variables; null when there is
 * none. Literal arguments are the same for every request of the operation: checked once.
 */
export function textArgumentError(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Record<string, unknown>,
): ValidationError | null {
  const checks = textChecks(schema, operation, fragments);
  let literal = literalRefusalOf.get(operation);
  if (literal === undefined) {
    literal = firstRefusal(checks.literal, {});
    literalRefusalOf.set(operation, literal);
  }
  return literal ?? firstRefusal(checks.variable, variables);
}

const normalized = new WeakSet<GraphQLSchema>();

/**
 * Wraps the resolver of every field with text arguments so that it gets them normalised
 * (pasted whitespace as spaces), however they were sent. Once per schema; fields without text
 * arguments (every field of a row) keep their resolver untouched.
 */
export function normalizeTextArguments(schema: GraphQLSchema): void {
  if (normalized.has(schema)) return;
  normalized.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const args = field.args.filter((a) => holdsText(a.type));
      if (args.length === 0) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, values: Record<string, unknown>, context, info) => {
        cleanArguments(args, values);
        return resolve(source, values, context, info);
      };
    }
  }
}
