import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { Context } from '../../context';
import { todayIso } from '../../domain/dates';
import { diferimientoVigenteDeDonacion, diferimientoVisto } from '../../domain/elegibilidad';
import { claveUsuario } from '../../loaders';
import { Donacion } from '../donacion/donacion.entity';
import { Diferimiento } from './elegibilidad.types';

/** What a donation's result means for its donor today, with the lifts recorded for it. */
@Resolver(() => Donacion)
export class ElegibilidadDonacionResolver {
  @FieldResolver(() => Diferimiento, {
    nullable: true,
    description:
      "El diferimiento que el resultado de esta donación impone hoy ('Pendiente' si espera la decisión de un médico); null si no impone ninguno, si ya terminó o si fue levantado",
  })
  async diferimiento(@Root() d: Donacion, @Ctx() ctx: Context): Promise<Diferimiento | null> {
    const levantamientos = await ctx.loaders.levantamientosDeDonacion.load(claveUsuario(d.servicioId, d.id));
    const hoy = todayIso();
    const diferimiento = diferimientoVigenteDeDonacion(
      {
        id: d.id,
        numero: d.numero,
        fecha: d.fecha,
        donacionAferesis: d.donacionAferesis,
        exclusionDefinitiva: d.exclusionDefinitiva,
        exclusionTiempo: d.exclusionTiempo,
        serologia: d.serologia,
        confirmado: d.serologiaConfirmada,
      },
      levantamientos,
      hoy,
    );
    return diferimiento ? diferimientoVisto(diferimiento, hoy) : null;
  }
}
