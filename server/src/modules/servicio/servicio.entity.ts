import { Directive, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ETIQUETA_ALTO_MM, ETIQUETA_ANCHO_MM } from '../../domain/limites';
import type { FormatoEtiqueta as FormatoEtiquetaName } from '../../domain/etiquetas';
import { MARCADOR_LABELS, type MarcadorAdicional as MarcadorAdicionalName } from '../../domain/resultados';

/** GraphQL enum mirroring the domain's label formats (domain/etiquetas.ts FORMATOS_ETIQUETA). */
export enum FormatoEtiqueta {
  HOJA_A4 = 'HOJA_A4',
  IMPRESORA = 'IMPRESORA',
}

// Fails to compile if the enum and the domain list ever drift apart.
const _sameNames: Record<FormatoEtiquetaName, FormatoEtiqueta> = FormatoEtiqueta;
void _sameNames;

registerEnumType(FormatoEtiqueta, {
  name: 'FormatoEtiqueta',
  description: "Cómo imprime 'Generar Etiquetas'",
  valuesConfig: {
    HOJA_A4: { description: 'Hoja A4 apaisada de 6 etiquetas (3 columnas por 2 filas)' },
    IMPRESORA: { description: 'Impresora de etiquetas: una etiqueta por página, de la medida elegida' },
  },
});

/** GraphQL enum of the markers a servicio may add to its panel (domain/resultados.ts MARCADORES_ADICIONALES). */
export enum MarcadorAdicional {
  NAT_HIV = 'NAT_HIV',
  NAT_HCV = 'NAT_HCV',
  NAT_HBV = 'NAT_HBV',
}

// Fails to compile if the enum and the domain list ever drift apart.
const _mismosMarcadores: Record<MarcadorAdicionalName, MarcadorAdicional> = MarcadorAdicional;
void _mismosMarcadores;

registerEnumType(MarcadorAdicional, {
  name: 'MarcadorAdicional',
  description: 'Una prueba que el servicio agrega al tamizaje nacional de su panel de laboratorio',
  valuesConfig: Object.fromEntries(
    Object.values(MarcadorAdicional).map((m) => [m, { description: MARCADOR_LABELS[m] }]),
  ),
});

/** Postgres numeric (read as text) <-> number; null stays null. */
const NUMERO = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null || value === undefined ? null : Number(value)),
};

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

  /** The screening thresholds (migration 1764600000000; domain/donacion.ts UmbralesTamizaje): null, the spec's. */
  @Column('numeric', { precision: 3, scale: 1, nullable: true, transformer: NUMERO })
  umbralHbMinMujer: number | null;

  @Column('numeric', { precision: 3, scale: 1, nullable: true, transformer: NUMERO })
  umbralHbMinHombre: number | null;

  @Column('numeric', { precision: 3, scale: 1, nullable: true, transformer: NUMERO })
  umbralHbMax: number | null;

  @Column('numeric', { precision: 3, scale: 1, nullable: true, transformer: NUMERO })
  umbralHctoMinMujer: number | null;

  @Column('numeric', { precision: 3, scale: 1, nullable: true, transformer: NUMERO })
  umbralHctoMinHombre: number | null;

  @Column('numeric', { precision: 3, scale: 1, nullable: true, transformer: NUMERO })
  umbralHctoMax: number | null;

  @Field(() => FormatoEtiqueta, { description: "Cómo imprime 'Generar Etiquetas' (todos los roles lo leen)" })
  @Column('varchar', { length: 10, default: FormatoEtiqueta.HOJA_A4 })
  etiquetaFormato: FormatoEtiqueta;

  @Field(() => Int, {
    description: `Ancho de la etiqueta de la impresora, en mm (${ETIQUETA_ANCHO_MM.min} a ${ETIQUETA_ANCHO_MM.max})`,
  })
  @Column('integer', { default: 100 })
  etiquetaAnchoMm: number;

  @Field(() => Int, {
    description: `Alto de la etiqueta de la impresora, en mm (${ETIQUETA_ALTO_MM.min} a ${ETIQUETA_ALTO_MM.max})`,
  })
  @Column('integer', { default: 50 })
  etiquetaAltoMm: number;

  /** The tests added to the national screening (migration 1764400000000), in MARCADORES order. */
  @Field(() => [MarcadorAdicional], {
    description:
      'Las pruebas que el servicio agrega al tamizaje nacional de su panel de laboratorio (todos los roles lo leen)',
  })
  @Column('text', { array: true, default: () => "'{}'" })
  marcadoresAdicionales: MarcadorAdicional[];

  /**
   * The facility code of its unit identifiers (migration 1764500000000): its ICCBBA FIN when the
   * administrator set one, else the '9' and 4 digits the installation assigned at its creation.
   */
  @Field(() => String, {
    description:
      'Código de instalación de los identificadores de unidad: el FIN de ICCBBA, o el que asignó la instalación (9 y 4 dígitos)',
  })
  @Column({ type: 'varchar', length: 5, insert: false })
  codigoInstalacion: string;

  /** The name other members read (migration 1764010000000): the one the network approved. */
  @Field(() => String, {
    nullable: true,
    description:
      'El nombre que los otros servicios de la red leen (el que la red aprobó); null fuera de una red',
  })
  @Column('varchar', { length: 200, nullable: true })
  nombreEnRed: string | null;

  /** A rename of the servicio's own, awaiting the network's approval (modules/red). */
  @Field(() => String, {
    nullable: true,
    description: 'Un nombre nuevo que el servicio se dio y espera la aprobación de la red; null si no hay',
  })
  @Column('varchar', { length: 200, nullable: true })
  nombrePropuesto: string | null;

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
