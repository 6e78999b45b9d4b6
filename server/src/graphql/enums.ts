/**
 * An enum's values described in the schema by the domain's labels: { VALOR: { description } }
 * for registerEnumType's valuesConfig.
 */
export const descripciones = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, description]) => [k, { description }]));
