import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { DonanteCphContacto, DonanteCphData } from '../../domain/donante';

@ObjectType('DonanteCphContacto', { description: 'Contacto del donante para el registro CPH' })
export class DonanteCphContactoType implements DonanteCphContacto {
  @Field()
  Nombre: string;

  @Field()
  Apellido: string;

  @Field()
  Telefono: string;

  @Field()
  Relacion: string;

  @Field()
  Email: string;
}

@ObjectType('DonanteCph', { description: 'Datos del donante para el registro CPH' })
export class DonanteCph implements DonanteCphData {
  @Field()
  establecimientoLaboral: string;

  @Field()
  telefonoLaboral: string;

  @Field()
  emailLaboral: string;

  @Field(() => DonanteCphContactoType)
  contacto1: DonanteCphContactoType;

  @Field(() => DonanteCphContactoType)
  contacto2: DonanteCphContactoType;
}

/** A blood donor of one servicio. Field names follow the specification (SPEC 3). */
@ObjectType({ description: 'Donante de sangre de un servicio' })
@Directive('@key(fields: "id")')
@Entity('donante')
export class Donante {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  servicioId: string;

  @Field()
  @Column('varchar', { length: 100 })
  nombre: string;

  @Field()
  @Column('varchar', { length: 100 })
  apellido: string;

  @Field()
  @Column('varchar', { length: 20 })
  dni: string;

  @Field({ description: 'YYYY-MM-DD' })
  @Column('date')
  fechaNacimiento: string;

  @Field({ description: 'Masculino o Femenino' })
  @Column('varchar', { length: 20 })
  sexo: string;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 200, nullable: true })
  domActual: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 20, nullable: true })
  domActualAltura: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 10, nullable: true })
  domActualPiso: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 10, nullable: true })
  domActualDepto: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 100, nullable: true })
  localidadActual: string | null;

  @Field()
  @Column('varchar', { length: 50 })
  ProvinciaActual: string;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 200, nullable: true })
  domDni: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 100, nullable: true })
  localidadDni: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 20, nullable: true })
  codPostal: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 50, nullable: true })
  telefono: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 50, nullable: true })
  telefono2: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 254, nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 100, nullable: true })
  lugarNacimiento: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 50, nullable: true })
  ProvinciaNacimiento: string | null;

  @Field()
  @Column('varchar', { length: 100 })
  nacionalidad: string;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 100, nullable: true })
  ocupacion: string | null;

  @Field()
  @Column('boolean', { default: false })
  convocado: boolean;

  @Field()
  @Column('boolean', { default: false })
  donacionAferesis: boolean;

  @Field()
  @Column('boolean', { default: false })
  donacionAnterior: boolean;

  @Field({ description: 'Si o No' })
  @Column('varchar', { length: 2 })
  esVoluntario: string;

  @Field(() => DonanteCph)
  @Column('jsonb')
  cph: DonanteCph;

  /** Date of the latest donation (YYYY-MM-DD), kept up to date by the donations feature. */
  @Field(() => String, { nullable: true, description: 'Fecha de la última donación (YYYY-MM-DD)' })
  @Column('date', { nullable: true })
  ultimaDonacion: string | null;

  @Column('timestamptz', { nullable: true })
  deletedAt: Date | null;

  /** A live record sharing its canonical DNI with an older one: a merge candidate (never shown). */
  @Column('uuid', { nullable: true })
  duplicadoDe: string | null;

  /** The donor this deleted record was merged into (never shown; it cannot be restored). */
  @Column('uuid', { nullable: true })
  fusionadoCon: string | null;

  /**
   * The person the record belongs to (modules/persona; never shown). Set by the database when the
   * record is written (migration 1764000000000), from its DNI.
   */
  @Column({ type: 'uuid', insert: false, update: false })
  personaId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
