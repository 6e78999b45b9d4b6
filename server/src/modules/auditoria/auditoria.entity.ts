import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AccionAuditoria } from '../../domain/campos';

export type { AccionAuditoria };

/** One write: who did what to which record, and what changed. */
@ObjectType({ description: 'Registro de auditoría de una escritura' })
@Entity('auditoria')
export class Auditoria {
  @Field(() => ID)
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('uuid')
  servicioId: string;

  @Field(() => ID, { nullable: true })
  @Column('uuid', { nullable: true })
  usuarioId: string | null;

  @Field()
  @Column('timestamptz', { default: () => 'now()' })
  at: Date;

  @Field(() => String)
  @Column('varchar', { length: 20 })
  accion: AccionAuditoria;

  @Field()
  @Column('varchar', { length: 40 })
  entidad: string;

  @Field()
  @Column('varchar', { length: 64 })
  entidadId: string;

  @Field(() => GraphQLJSONObject)
  @Column('jsonb', { default: {} })
  cambios: Record<string, unknown>;
}
