import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A haemotherapy service: the tenant. Its id is also its administrator's user id. */
@ObjectType({ description: 'Servicio de hemoterapia (el titular de la cuenta)' })
@Directive('@key(fields: "id")')
@Entity('servicio')
export class Servicio {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Field()
  @Column('varchar', { length: 200 })
  nombre: string;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 200, nullable: true })
  direccion: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 254, nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 50, nullable: true })
  telefono: string | null;

  @Field(() => Int, { description: 'Semanas mínimas entre dos donaciones de un donante (8 o más)' })
  @Column('integer', { default: 8 })
  semanasEntreDonaciones: number;

  @Field(() => Int, { description: 'Donaciones de sangre entera permitidas en 12 meses a hombres (1 a 4)' })
  @Column('integer', { default: 4 })
  limiteAnualHombres: number;

  @Field(() => Int, { description: 'Donaciones de sangre entera permitidas en 12 meses a mujeres (1 a 3)' })
  @Column('integer', { default: 3 })
  limiteAnualMujeres: number;

  /** A regional network's account (ROL_RED), not a haemotherapy service (migration 1763870000000). */
  @Column('boolean', { default: false })
  esRed: boolean;

  /** The code a servicio's administrator types to join this network (networks only). */
  @Column('varchar', { length: 20, nullable: true })
  codigoInvitacion: string | null;

  /** The network this servicio belongs to, if any. */
  @Column('uuid', { nullable: true })
  redId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
