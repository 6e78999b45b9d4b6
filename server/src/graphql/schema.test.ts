import 'reflect-metadata';
import { getMetadataStorage as validationMetadata } from 'class-validator';
import { graphql, isObjectType } from 'graphql';
import {
  Authorized,
  buildSchemaSync,
  Field,
  getMetadataStorage,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import type { Context } from '../context';
import { resolvers } from '../services';
import { getProductSchema, withoutFieldWrappers } from './schema';

@ObjectType()
class Ficha {
  @Field() publico: string;
  @Authorized('ROL_SERVICIO')
  @Field()
  reservado: string;
}

@Resolver()
class FichaResolver {
  @Query(() => Ficha)
  ficha(): Ficha {
    return Object.assign(new Ficha(), { publico: 'a', reservado: 'b' });
  }
}

const caller = (rol: string) =>
  ({ auth: { uid: 'u', servicio: 's', rol }, claveApi: null }) as unknown as Context;

describe('fields without per-field wrappers', () => {
  it('plain fields of the product schema use graphql-js default resolver', () => {
    const donante = getProductSchema(resolvers).getType('Donante');
    if (!isObjectType(donante)) throw new Error('Donante no es un tipo objeto');
    const fields = donante.getFields();
    expect(fields.dni.resolve).toBeUndefined();
    expect(fields.apellido.resolve).toBeUndefined();
    // A field with its own resolver keeps it.
    expect(fields.puedeDonar.resolve).toEqual(expect.any(Function));
  });

  it('a field with roles keeps its check', async () => {
    withoutFieldWrappers();
    const schema = buildSchemaSync({ resolvers: [FichaResolver], authChecker, authMode: 'error' });
    const source = '{ ficha { publico reservado } }';
    const medico = await graphql({ schema, source, contextValue: caller('ROL_MEDICO') });
    expect(medico.errors?.map((e) => e.path)).toEqual([['ficha', 'reservado']]);
    expect(JSON.stringify(medico.data)).not.toContain('"b"');
    const servicio = await graphql({ schema, source, contextValue: caller('ROL_SERVICIO') });
    expect(servicio.errors).toBeUndefined();
    expect(servicio.data).toEqual({ ficha: { publico: 'a', reservado: 'b' } });
  });
});

describe('input validation', () => {
  it('no rule of an input class is asynchronous (arguments are validated synchronously)', () => {
    getProductSchema(resolvers);
    const storage = validationMetadata();
    const inputs = getMetadataStorage().inputTypes.map((t) => t.target);
    const rules = inputs.flatMap((target) => storage.getTargetValidationMetadatas(target, '', true, false));
    expect(rules.length).toBeGreaterThan(20);
    const asincronas = rules.filter((r) =>
      storage.getTargetValidatorConstraints(r.constraintCls).some((c) => c.async),
    );
    expect(
      asincronas.map((r) => `${r.target instanceof Function ? r.target.name : r.target}.${r.propertyName}`),
    ).toEqual([]);
  });
});
