import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import type { DonanteCphContacto, DonanteCphData, DonanteData } from '../../domain/donante';
import { OrdenDireccion } from '../../graphql/orden';
import { Paginated } from '../../graphql/pagination';
import { Donante } from './donante.entity';
import { maxTexto } from '../../graphql/validators';

/** Search filters; each is a prefix, compared without accents or case. All given ones must match. */
@InputType({
  description: 'Filtros de búsqueda de donantes (prefijos, sin distinguir acentos ni mayúsculas)',
})
export class DonanteFilter {
  @Field(() => String, { nullable: true })
  @maxTexto(100)
  dni?: string | null;

  @Field(() => String, { nullable: true })
  @maxTexto(100)
  nombre?: string | null;

  @Field(() => String, { nullable: true })
  @maxTexto(100)
  apellido?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'true: solo quienes pueden donar hoy; false: solo quienes no (las mismas reglas que Donante.elegibilidad)',
  })
  puedeDonar?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: "Grupo ABO ('A', 'B', 'AB' u 'O'): donantes con alguna donación de ese grupo",
  })
  @maxTexto(2)
  abo?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Factor Rh ('POSITIVO' o 'NEGATIVO'): donantes con alguna donación de ese factor (y del grupo, si se da)",
  })
  @maxTexto(10)
  rh?: string | null;
}

/** The columns of the donor list it can be ordered by. */
export enum DonanteOrdenCampo {
  APELLIDO = 'APELLIDO',
  DNI = 'DNI',
  ULTIMA_DONACION = 'ULTIMA_DONACION',
}

registerEnumType(DonanteOrdenCampo, {
  name: 'DonanteOrdenCampo',
  description: 'Columna por la que se ordena la lista de donantes',
  valuesConfig: {
    APELLIDO: { description: 'Apellido y nombre' },
    DNI: { description: 'DNI, como número (los más cortos primero)' },
    ULTIMA_DONACION: { description: 'Fecha de la última donación (quienes nunca donaron, al final)' },
  },
});

@InputType({ description: 'Orden de la lista de donantes' })
export class DonanteOrden {
  @Field(() => DonanteOrdenCampo)
  campo: DonanteOrdenCampo;

  @Field(() => OrdenDireccion, { nullable: true, defaultValue: OrdenDireccion.ASC })
  direccion?: OrdenDireccion | null;
}

@InputType()
export class DonanteCphContactoInput implements Partial<DonanteCphContacto> {
  @Field(() => String, { nullable: true })
  Nombre?: string;

  @Field(() => String, { nullable: true })
  Apellido?: string;

  @Field(() => String, { nullable: true })
  Telefono?: string;

  @Field(() => String, { nullable: true })
  Relacion?: string;

  @Field(() => String, { nullable: true })
  Email?: string;
}

@InputType()
export class DonanteCphInput implements Partial<Omit<DonanteCphData, 'contacto1' | 'contacto2'>> {
  @Field(() => String, { nullable: true })
  establecimientoLaboral?: string;

  @Field(() => String, { nullable: true })
  telefonoLaboral?: string;

  @Field(() => String, { nullable: true })
  emailLaboral?: string;

  @Field(() => DonanteCphContactoInput, { nullable: true })
  contacto1?: DonanteCphContactoInput;

  @Field(() => DonanteCphContactoInput, { nullable: true })
  contacto2?: DonanteCphContactoInput;
}

/**
 * A donor's data for create and update (the whole record). Rules and texts are
 * checked by the service with the shared domain validation, so every field
 * error comes back with the specification's Spanish text.
 */
@InputType({ description: 'Datos de un donante' })
export class DonanteInput implements DonanteData {
  @Field()
  nombre: string;

  @Field()
  apellido: string;

  @Field()
  dni: string;

  @Field({ description: 'YYYY-MM-DD (también se acepta DD/MM/YYYY)' })
  fechaNacimiento: string;

  @Field(() => String, { nullable: true, description: 'Masculino (por defecto) o Femenino' })
  sexo?: string | null;

  @Field(() => String, { nullable: true })
  domActual?: string | null;

  @Field(() => String, { nullable: true })
  domActualAltura?: string | null;

  @Field(() => String, { nullable: true })
  domActualPiso?: string | null;

  @Field(() => String, { nullable: true })
  domActualDepto?: string | null;

  @Field(() => String, { nullable: true })
  localidadActual?: string | null;

  @Field(() => String, { nullable: true, description: 'Por defecto Buenos Aires' })
  ProvinciaActual?: string | null;

  @Field(() => String, { nullable: true })
  domDni?: string | null;

  @Field(() => String, { nullable: true })
  localidadDni?: string | null;

  @Field(() => String, { nullable: true })
  codPostal?: string | null;

  @Field(() => String, { nullable: true })
  telefono?: string | null;

  @Field(() => String, { nullable: true })
  telefono2?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true })
  lugarNacimiento?: string | null;

  @Field(() => String, { nullable: true })
  ProvinciaNacimiento?: string | null;

  @Field(() => String, { nullable: true, description: 'Por defecto Argentina' })
  nacionalidad?: string | null;

  @Field(() => String, { nullable: true })
  ocupacion?: string | null;

  @Field(() => Boolean, { nullable: true })
  convocado?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  donacionAferesis?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  donacionAnterior?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Si (por defecto) o No' })
  esVoluntario?: string | null;

  @Field(() => DonanteCphInput, { nullable: true })
  cph?: DonanteCphInput | null;
}

@ObjectType('DonantePage')
export class DonantePage extends Paginated(Donante, 'DonantePageBase') {
  @Field({
    description: 'false cuando hay más coincidencias que las contadas: total es entonces un mínimo',
  })
  totalExacto: boolean;
}
