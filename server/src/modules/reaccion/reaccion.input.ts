import { Field, InputType } from 'type-graphql';
import { REACCION_TEXTO_MAX } from '../../domain/reacciones';
import { maxTexto } from '../../graphql/validators';
import { SeveridadReaccion, TipoReaccion } from './reaccion.entity';

@InputType({ description: 'Una reacción del donante: tipo, severidad, hora, tratamiento y evolución' })
export class ReaccionInput {
  @Field(() => TipoReaccion, { description: 'REACCION_CITRATO solo en una donación por aféresis' })
  tipo: TipoReaccion;

  @Field(() => SeveridadReaccion)
  severidad: SeveridadReaccion;

  @Field(() => String, { description: 'HH:mm' })
  @maxTexto(5)
  hora: string;

  @Field(() => String, { nullable: true })
  @maxTexto(REACCION_TEXTO_MAX)
  tratamiento?: string | null;

  @Field(() => String, { nullable: true })
  @maxTexto(REACCION_TEXTO_MAX)
  evolucion?: string | null;

  @Field(() => String, { nullable: true, description: "Qué fue; requerido con 'OTRA'" })
  @maxTexto(REACCION_TEXTO_MAX)
  detalle?: string | null;
}
