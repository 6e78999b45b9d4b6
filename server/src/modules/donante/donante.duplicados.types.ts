import { Field, Int, ObjectType } from 'type-graphql';
import { Paginated } from '../../graphql/pagination';
import { Donante } from './donante.entity';

/** Why two records look like one person. */
export const MOTIVO_DUPLICADO = {
  dni: 'Mismo DNI',
  digitos: 'Mismos dígitos del DNI',
  nombre: 'Mismo apellido, nombre y fecha de nacimiento',
} as const;
export type MotivoDuplicado = (typeof MOTIVO_DUPLICADO)[keyof typeof MOTIVO_DUPLICADO];

@ObjectType({ description: 'Dos donantes del servicio que parecen la misma persona' })
export class ParDuplicado {
  @Field(() => String, {
    description: `'${MOTIVO_DUPLICADO.dni}', '${MOTIVO_DUPLICADO.digitos}' (cuentan como una persona para donar hasta que el administrador registre que son personas distintas) o '${MOTIVO_DUPLICADO.nombre}'`,
  })
  motivo: MotivoDuplicado;

  @Field(() => Donante, { description: 'El registro más antiguo' })
  a: Donante;

  @Field(() => Donante)
  b: Donante;
}

export const ParesDuplicadosPage = Paginated(ParDuplicado, 'ParesDuplicadosPage');
export type ParesDuplicadosPage = InstanceType<typeof ParesDuplicadosPage>;

@ObjectType({ description: 'Resultado de fusionar dos donantes' })
export class FusionDonantes {
  @Field(() => Donante, { description: 'El donante conservado, con las donaciones de ambos' })
  donante: Donante;

  @Field(() => Int, { description: 'Donaciones (no eliminadas) que pasaron al donante conservado' })
  donacionesMovidas: number;

  @Field(() => [String], {
    description: 'Lo que la historia unida no cumple (intervalo, límite anual): se informa, no se rechaza',
  })
  avisos: string[];
}
