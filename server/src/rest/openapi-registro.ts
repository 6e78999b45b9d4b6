/**
 * The OpenAPI section of the registers' routes (modules/registro/registro.rest.ts): the discard and
 * dispatch registers of a period, built with the document's own helpers (openapi.ts hands them over).
 */
import { MOTIVOS_DESCARTE, TIPOS_COMPONENTE } from '../domain/componentes';
import { DESTINOS_DESPACHO, ESTADOS_UNIDAD_DESPACHO } from '../domain/despacho';
import { MSG } from '../domain/messages';
import { REGISTRO_DIAS_MAX } from '../domain/registros';
import type { Ayudas } from './openapi-despacho';

type Schema = Record<string, unknown>;

/** The schemas: a line of the discard register, a dispatch of the dispatch register. */
export function esquemasRegistro(h: Ayudas): Record<string, Schema> {
  const { str, nullStr, int, obj } = h;
  const motivo = { type: 'string', nullable: true, enum: [...MOTIVOS_DESCARTE, null] };
  const unidad = {
    componenteId: str('Id del componente'),
    codigo: str('Identificador de la unidad'),
    codigoLegible: str("El identificador agrupado para leer: '90001 26 000004 GR1 K'"),
    codigoProducto: str("'GR1', 'PF1', 'PQ1', 'CR1'"),
    tipo: str(undefined, { enum: [...TIPOS_COMPONENTE] }),
    abo: str("A, B, AB u O ('' sin resultado)"),
    rh: str("POSITIVO o NEGATIVO ('' sin resultado)"),
    volumen: int('ml'),
  };
  const comunes = Object.keys(unidad);
  return {
    DescarteRegistro: obj(
      {
        ...unidad,
        descartadoEn: str('Fecha y hora del descarte (ISO 8601)'),
        motivo,
        motivoTexto: str('El motivo en palabras'),
        detalle: nullStr(),
        descartadoPor: str("Quién lo descartó, o 'Automático (vencimiento)'"),
        descartadoEnDestino: nullStr('Dónde se descartó, si fue en el destino de un despacho'),
      },
      [
        ...comunes,
        'descartadoEn',
        'motivo',
        'motivoTexto',
        'detalle',
        'descartadoPor',
        'descartadoEnDestino',
      ],
    ),
    DespachoRegistro: obj(
      {
        id: str('Id del despacho'),
        numero: str('El número del despacho (el del remito)'),
        despachadoEn: str('Fecha y hora (ISO 8601)'),
        destinoTipo: str(undefined, { enum: [...DESTINOS_DESPACHO] }),
        destinoNombre: str(),
        destinoReferencia: nullStr(),
        despachadoPor: str('Quién despachó'),
        unidades: {
          type: 'array',
          items: obj(
            {
              ...unidad,
              venceEn: str('Vencimiento (ISO 8601)'),
              estado: str(undefined, { enum: [...ESTADOS_UNIDAD_DESPACHO] }),
              cadenaFrio: { type: 'boolean', nullable: true, description: 'Al devolverse' },
              motivo,
              detalle: nullStr(),
              cerradoEn: nullStr('Cuándo se registró su devolución, recepción o destino final (ISO 8601)'),
              destinoPosterior: str('Qué fue de la unidad después del despacho, en palabras'),
            },
            [
              ...comunes,
              'venceEn',
              'estado',
              'cadenaFrio',
              'motivo',
              'detalle',
              'cerradoEn',
              'destinoPosterior',
            ],
          ),
        },
      },
      [
        'id',
        'numero',
        'despachadoEn',
        'destinoTipo',
        'destinoNombre',
        'destinoReferencia',
        'despachadoPor',
        'unidades',
      ],
    ),
  };
}

/** The paths of the registers. */
export function rutasRegistro(h: Ayudas) {
  const { str, int, obj, ref, ok, queryParam, pageParams, secured, E400, E401, E403_RED } = h;
  const periodo = [
    { ...queryParam('desde', 'Primer día (YYYY-MM-DD)', str()), required: true },
    {
      ...queryParam(
        'hasta',
        `Último día (YYYY-MM-DD), inclusive; a lo sumo ${REGISTRO_DIAS_MAX} días`,
        str(),
      ),
      required: true,
    },
    ...pageParams,
  ];
  const pagina = (item: string) =>
    obj({ items: { type: 'array', items: ref(item) }, total: int(), offset: int(), limit: int() }, [
      'items',
      'total',
      'offset',
      'limit',
    ]);
  const descripcion = `Un período inválido o de más de ${REGISTRO_DIAS_MAX} días es un 400 ("${MSG.periodoRegistroDemasiadoLargo}").`;
  return {
    '/registro/descartes': {
      get: {
        ...secured,
        summary: 'El registro de unidades descartadas del período, la más antigua primero',
        description:
          'Cada unidad que el servicio descartó: en su stock, al volver de un despacho, en el destino de uno de sus ' +
          `despachos o por vencimiento. ${descripcion}`,
        parameters: periodo,
        responses: {
          '200': ok('Una página del registro', pagina('DescarteRegistro')),
          '400': E400,
          '401': E401,
          '403': E403_RED,
        },
      },
    },
    '/registro/despachos': {
      get: {
        ...secured,
        summary:
          'El registro de despachos del período, el más antiguo primero, con sus unidades y qué fue de ellas',
        description: descripcion,
        parameters: periodo,
        responses: {
          '200': ok('Una página del registro', pagina('DespachoRegistro')),
          '400': E400,
          '401': E401,
          '403': E403_RED,
        },
      },
    },
  };
}
