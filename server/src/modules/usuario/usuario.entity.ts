import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Rol } from './rol.enum';

/** A person who signs in: the service administrator or a staff member (integrante). */
@ObjectType({ description: 'Usuario: el administrador del servicio o un integrante' })
@Entity('usuario')
export class Usuario {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column('uuid')
  servicioId: string;

  @Field()
  @Column('varchar', { length: 100 })
  username: string;

  /** argon2id hash; never a GraphQL field. */
  @Column('varchar', { length: 255, select: false })
  passwordHash: string;

  @Field(() => Rol)
  @Column('varchar', { length: 30 })
  rol: Rol;

  @Field()
  @Column('varchar', { length: 200 })
  nombre: string;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 200, nullable: true })
  apellido: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 50, nullable: true })
  matricula: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 254, nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 50, nullable: true })
  telefono: string | null;

  @Field({ description: 'Agente de captación del registro CPH' })
  @Column('boolean', { default: false })
  agentecph: boolean;

  /** Raised on password change and deletion: older tokens stop working. */
  @Column('integer', { default: 0 })
  tokenVersion: number;

  @Column('timestamptz', { nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
