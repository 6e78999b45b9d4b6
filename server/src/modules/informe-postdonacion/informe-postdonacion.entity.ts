import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  INFORMANTE_POSTDONACION_LABELS,
  type InformantePostdonacion as InformanteName,
} from '../../domain/citacion';

/** GraphQL enum mirroring the domain's list (domain/citacion.ts INFORMANTES_POSTDONACION). */
export enum InformantePostdonacion {
  DONANTE = 'DONANTE',
  MEDICO = 'MEDICO',
  OTRO = 'OTRO',
}

// Fail to compile if the enum and the domain's list ever drift apart.
const _informantes: Record<InformanteName, InformantePostdonacion> = InformantePostdonacion;
void _informantes;

registerEnumType(InformantePostdonacion, {
  name: 'InformantePostdonacion',
  description: 'Quién informó después de la donación',
  valuesConfig: Object.fromEntries(
    Object.entries(INFORMANTE_POSTDONACION_LABELS).map(([k, description]) => [k, { description }]),
  ),
});

/** A post-donation report (table informe_postdonacion). */
@ObjectType({ description: 'Informe post-donación: algo que, informado después, hace insegura la sangre' })
export class InformePostdonacion {
  @Field(() => ID)
  id: string;

  servicioId: string;

  @Field(() => ID)
  donacionId: string;

  @Field(() => InformantePostdonacion)
  informante: InformantePostdonacion;

  @Field({ description: 'YYYY-MM-DD' })
  fecha: string;

  @Field(() => String, {
    nullable: true,
    description: 'Lo informado (solo ROL_MEDICO y ROL_SERVICIO)',
  })
  descripcion: string | null;

  @Field(() => Int, { description: 'Cuántos componentes no despachados bloqueó (descartados)' })
  componentesBloqueados: number;

  registradoPorId: string | null;

  @Field()
  creadoEn: Date;
}

@InputType({ description: 'Un informe post-donación' })
export class InformePostdonacionInput {
  @Field(() => InformantePostdonacion)
  informante: InformantePostdonacion;

  @Field({ description: 'YYYY-MM-DD: cuándo se informó' })
  fecha: string;

  @Field()
  descripcion: string;
}
