/**
 * Every /api route, as the served OpenAPI document lists them, and how the security suites call
 * each one against a target servicio's records. test/api/openapi.test.ts proves that the document
 * lists exactly the routes the router serves, so no route escapes these suites.
 */
import { TestServer } from '../../server/src/test-utils/harness';
import { donacionInput, PASSWORD, TODAY, World } from './fixtures';

/** 'METHOD /path' of every route of /api/openapi.json, in express syntax (/donante/:id). */
export async function restRoutes(server: TestServer): Promise<string[]> {
  const res = await server.rest<{ paths: Record<string, object> }>('GET', '/openapi.json');
  if (res.status !== 200) throw new Error(`GET /api/openapi.json: ${res.status}`);
  return Object.entries(res.body.paths)
    .flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}

export type RestCase = { method: string; path: string; body?: unknown; expect?: number };

const compact = (iso: string) => iso.replaceAll('-', '');

/** How to call each route aimed at `t`'s records (path ids and body ids of `t`). */
export function restCases(t: World): Record<string, RestCase> {
  const medico = t.members.ROL_MEDICO.id;
  const tecnico = t.members.ROL_TECNICO.id;
  const administrativo = t.members.ROL_ADMINISTRATIVO.id;
  const donor = {
    nombre: 'Juan',
    apellido: 'Cambiado',
    dni: t.donanteDni,
    fechaNacimiento: '19900510',
    sexo: 'Masculino',
  };
  const d = donacionInput(t.donanteId);
  return {
    'GET /openapi.json': { method: 'GET', path: '/openapi.json', expect: 200 },
    'POST /auth/login': {
      method: 'POST',
      path: '/auth/login',
      body: { username: t.username, password: 'clave-equivocada' },
    },
    'POST /auth/register': {
      method: 'POST',
      path: '/auth/register',
      body: { nombre: 'Otro', username: t.username, email: 'x@y.test', password: PASSWORD },
    },
    'POST /auth/opciones': {
      method: 'POST',
      path: '/auth/opciones',
      body: { uid: t.admin.servicio, nombre: 'Robado' },
      expect: 403,
    },
    'POST /auth/opciones/panel': {
      method: 'POST',
      path: '/auth/opciones/panel',
      body: { uid: t.admin.servicio, marcadores: ['NAT_HIV'] },
      expect: 403,
    },
    'POST /auth/opciones/umbrales': {
      method: 'POST',
      path: '/auth/opciones/umbrales',
      body: { uid: t.admin.servicio, hbMinMujer: 12.5 },
      expect: 403,
    },
    'POST /auth/password': {
      method: 'POST',
      path: '/auth/password',
      body: { uid: t.admin.uid, oldPassword: PASSWORD, newPassword: 'robada-123' },
      expect: 403,
    },
    'POST /auth/integrante': {
      method: 'POST',
      path: '/auth/integrante',
      body: {
        uid: t.admin.servicio,
        nombre: 'Intruso',
        apellido: 'Intruso',
        username: `intruso_${Date.now()}`,
        password: PASSWORD,
        password2: PASSWORD,
      },
      expect: 403,
    },
    'PUT /auth/integrante': {
      method: 'PUT',
      path: '/auth/integrante',
      body: { uid: medico, nombre: 'Cambiado', apellido: 'Cambiado' },
      expect: 404,
    },
    // The password the member already has: a call that gets through only ends their sessions.
    'PUT /auth/integrante/:_id/password': {
      method: 'PUT',
      path: `/auth/integrante/${administrativo}/password`,
      body: { newPassword: PASSWORD, newPassword2: PASSWORD },
      expect: 404,
    },
    'DELETE /auth/integrante/:_id/user/:uid': {
      method: 'DELETE',
      path: `/auth/integrante/${tecnico}/user/${t.admin.servicio}`,
      expect: 403,
    },
    'POST /donante/': {
      method: 'POST',
      path: '/donante/',
      body: { ...donor, servicio: t.admin.servicio },
      expect: 403,
    },
    'GET /donante/search': { method: 'GET', path: `/donante/search?dni=${t.donanteDni}`, expect: 200 },
    'GET /donante/:id': { method: 'GET', path: `/donante/${t.donanteId}`, expect: 404 },
    'PUT /donante/:id': { method: 'PUT', path: `/donante/${t.donanteId}`, body: donor, expect: 404 },
    'DELETE /donante/:id': { method: 'DELETE', path: `/donante/${t.donanteId}`, expect: 404 },
    'POST /donacion/': {
      method: 'POST',
      path: '/donacion/',
      body: { ...d, fecha: compact(TODAY), sv: JSON.stringify({ ta: '120/80', fc: '72', peso: '70' }) },
      expect: 404,
    },
    'POST /donacion/next-etiqueta-number': {
      method: 'POST',
      path: '/donacion/next-etiqueta-number',
      body: { servicioId: t.admin.servicio },
      expect: 403,
    },
    'GET /donacion/search': {
      method: 'GET',
      path: `/donacion/search?numero=${t.donacionNumero}`,
      expect: 200,
    },
    'GET /donacion/:id': { method: 'GET', path: `/donacion/${t.donacionId}`, expect: 404 },
    'PUT /donacion/:id/donante/:donorId': {
      method: 'PUT',
      path: `/donacion/${t.donacionId}/donante/${t.donanteId}`,
      body: { abo: 'AB', rh: 'NEGATIVO' },
      expect: 404,
    },
    'POST /donacion/:id/reacciones': {
      method: 'POST',
      path: `/donacion/${t.donacionId}/reacciones`,
      body: { tipo: 'HEMATOMA', severidad: 'LEVE', hora: '10:50' },
      expect: 404,
    },
    'PUT /reaccion/:id': {
      method: 'PUT',
      path: `/reaccion/${t.reaccionId}`,
      body: { tipo: 'HEMATOMA', severidad: 'SEVERA', hora: '10:50' },
      expect: 404,
    },
    'POST /donacion/:id/tamizaje': {
      method: 'POST',
      path: `/donacion/${t.donacionId}/tamizaje`,
      body: { marcador: 'HIV', estado: 'NO_REACTIVO', tecnica: 'ELISA', fecha: TODAY },
      expect: 404,
    },
    'POST /donacion/:id/repeticion': {
      method: 'POST',
      path: `/donacion/${t.donacionId}/repeticion`,
      body: {
        marcador: 'HIV',
        primera: 'NO_REACTIVO',
        segunda: 'NO_REACTIVO',
        tecnica: 'ELISA',
        fecha: TODAY,
      },
      expect: 404,
    },
    'POST /donacion/:id/confirmatorio': {
      method: 'POST',
      path: `/donacion/${t.donacionId}/confirmatorio`,
      body: {
        marcador: 'HIV',
        resultado: 'NEGATIVO',
        tecnica: 'Western blot',
        fecha: TODAY,
        laboratorio: 'Laboratorio de referencia',
      },
      expect: 404,
    },
    // The servicio's own account may not re-type: 403 before the donation is looked for.
    'POST /donacion/:id/retipificacion': {
      method: 'POST',
      path: `/donacion/${t.donacionId}/retipificacion`,
      body: { abo: 'AB', rh: 'NEGATIVO' },
      expect: 403,
    },
    'DELETE /donacion/:_id/donante/:uid': {
      method: 'DELETE',
      path: `/donacion/${t.donacionId}/donante/${t.donanteId}`,
      expect: 404,
    },
    // Components: the target's split donation and one of its units. Staff with the role get a
    // refusal after it (already split, results missing, 'Otro' without a text), never a change.
    'POST /donacion/:id/fraccionar': {
      method: 'POST',
      path: `/donacion/${t.donacionFraccionadaId}/fraccionar`,
      body: {},
      expect: 404,
    },
    'GET /componente': { method: 'GET', path: `/componente?codigo=${t.componenteCodigo}`, expect: 200 },
    'GET /componente/codigo/:codigo': {
      method: 'GET',
      path: `/componente/codigo/${t.componenteCodigo}`,
      expect: 404,
    },
    // The servicio's own account does not release: 403 before the units are looked for.
    'POST /componente/liberar': {
      method: 'POST',
      path: '/componente/liberar',
      body: { ids: [t.componenteId] },
      expect: 403,
    },
    'POST /componente/:id/liberar': {
      method: 'POST',
      path: `/componente/${t.componenteId}/liberar`,
      expect: 403,
    },
    'POST /componente/:id/descartar': {
      method: 'POST',
      path: `/componente/${t.componenteId}/descartar`,
      body: { motivo: 'OTRO' },
      expect: 404,
    },
    // The call-back list: each step sent with a value refused after the role (a means that is no
    // means, a past appointment, an empty text), so nothing changes; the doctor's steps and adding
    // one are 403 to the other servicio's administrator before the citación is looked for.
    'GET /citacion': { method: 'GET', path: '/citacion?abiertas=true', expect: 200 },
    'GET /citacion/:id': { method: 'GET', path: `/citacion/${t.citacionId}`, expect: 404 },
    'POST /citacion': {
      method: 'POST',
      path: '/citacion',
      body: { donanteId: t.donanteId, motivo: 'OTRO', detalle: '' },
      expect: 403,
    },
    'POST /citacion/:id/intento': {
      method: 'POST',
      path: `/citacion/${t.citacionId}/intento`,
      body: { fecha: TODAY, medio: 'PALOMA' },
      expect: 404,
    },
    'POST /citacion/:id/cita': {
      method: 'POST',
      path: `/citacion/${t.citacionId}/cita`,
      body: { fecha: '2000-01-01' },
      expect: 404,
    },
    'POST /citacion/:id/asistencia': {
      method: 'POST',
      path: `/citacion/${t.citacionId}/asistencia`,
      body: { informado: '' },
      expect: 403,
    },
    'POST /citacion/:id/cerrar': {
      method: 'POST',
      path: `/citacion/${t.citacionId}/cerrar`,
      body: { motivo: '' },
      expect: 403,
    },
    // Visits: A's are missing ones to B; confirming is refused by role first; the questionnaire
    // read and the empty change refused are B's own.
    'GET /cuestionario': { method: 'GET', path: '/cuestionario', expect: 200 },
    // (An empty questionnaire is refused, field by field: B's own, so no status is asserted.)
    'PUT /cuestionario': { method: 'PUT', path: '/cuestionario', body: { preguntas: [] } },
    'GET /visita': { method: 'GET', path: `/visita?donanteId=${t.donanteId}`, expect: 200 },
    'POST /visita': { method: 'POST', path: '/visita', body: { donanteId: t.visitaDonanteId }, expect: 404 },
    'GET /visita/:id': { method: 'GET', path: `/visita/${t.visitaId}`, expect: 404 },
    'POST /visita/:id/entrevista': {
      method: 'POST',
      path: `/visita/${t.visitaId}/entrevista`,
      body: { respuestas: [] },
      expect: 404,
    },
    'POST /visita/:id/confirmar': { method: 'POST', path: `/visita/${t.visitaId}/confirmar`, expect: 403 },
    'POST /visita/:id/firmas': {
      method: 'POST',
      path: `/visita/${t.visitaId}/firmas`,
      body: { declaracionFirmada: true, consentimientoFirmado: false },
      expect: 404,
    },
    'POST /visita/:id/no-apto': {
      method: 'POST',
      path: `/visita/${t.visitaId}/no-apto`,
      body: { motivo: '' },
      expect: 404,
    },
    'POST /visita/:id/abandonar': {
      method: 'POST',
      path: `/visita/${t.visitaCerradaId}/abandonar`,
      expect: 404,
    },
    'POST /donacion/:id/informe-postdonacion': {
      method: 'POST',
      path: `/donacion/${t.donacionId}/informe-postdonacion`,
      body: { informante: 'DONANTE', fecha: TODAY, descripcion: '' },
      expect: 404,
    },
    'POST /auth/opciones/vida-util': {
      method: 'POST',
      path: '/auth/opciones/vida-util',
      body: { uid: t.admin.servicio, tipo: 'PLAQUETAS', dias: 5 },
      expect: 403,
    },
    'POST /auth/opciones/codigo-instalacion': {
      method: 'POST',
      path: '/auth/opciones/codigo-instalacion',
      body: { uid: t.admin.servicio, codigo: 'Q0001' },
      expect: 403,
    },
    // Stock, dispatch and transfers: the caller's own stock; t's unit and its id are missing ones.
    'GET /stock': { method: 'GET', path: '/stock', expect: 200 },
    'GET /stock/unidades': { method: 'GET', path: '/stock/unidades?tipo=GLOBULOS_ROJOS', expect: 200 },
    'POST /auth/opciones/aviso-vencimiento': {
      method: 'POST',
      path: '/auth/opciones/aviso-vencimiento',
      body: { uid: t.admin.servicio, tipo: 'PLAQUETAS', dias: 2 },
      expect: 403,
    },
    'POST /despacho': {
      method: 'POST',
      path: '/despacho',
      body: { ids: [t.componenteId], destino: { tipo: 'HOSPITAL', nombre: 'Hospital' } },
      expect: 404,
    },
    'GET /despacho': { method: 'GET', path: '/despacho', expect: 200 },
    'GET /despacho/:id': { method: 'GET', path: `/despacho/${t.componenteId}`, expect: 404 },
    'GET /componente/en-transito': { method: 'GET', path: '/componente/en-transito', expect: 200 },
    'POST /componente/recibir': {
      method: 'POST',
      path: '/componente/recibir',
      body: { codigo: t.componenteCodigo },
      expect: 404,
    },
    'GET /componente/codigo/:codigo/trayectoria': {
      method: 'GET',
      path: `/componente/codigo/${t.componenteCodigo}/trayectoria`,
      expect: 404,
    },
    'POST /componente/:id/devolver': {
      method: 'POST',
      path: `/componente/${t.componenteId}/devolver`,
      body: { cadenaFrio: true },
      expect: 404,
    },
    'GET /componente/trazabilidad': {
      method: 'GET',
      path: '/componente/trazabilidad?todas=true',
      expect: 200,
    },
    'GET /componente/trazabilidad/:id': {
      method: 'GET',
      path: `/componente/trazabilidad/${t.componenteId}`,
      expect: 404,
    },
    'POST /componente/trazabilidad/:id/notificacion': {
      method: 'POST',
      path: `/componente/trazabilidad/${t.componenteId}/notificacion`,
      body: { notificado: 'Hospital', medio: 'TELEFONO' },
      expect: 404,
    },
    'POST /componente/trazabilidad/:id/cerrar': {
      method: 'POST',
      path: `/componente/trazabilidad/${t.componenteId}/cerrar`,
      expect: 404,
    },
    'POST /componente/:id/destino-final': {
      method: 'POST',
      path: `/componente/${t.componenteId}/destino-final`,
      body: { destino: 'TRANSFUNDIDO' },
      expect: 404,
    },
    'GET /registro/descartes': {
      method: 'GET',
      path: `/registro/descartes?desde=${TODAY}&hasta=${TODAY}`,
      expect: 200,
    },
    'GET /registro/despachos': {
      method: 'GET',
      path: `/registro/despachos?desde=${TODAY}&hasta=${TODAY}`,
      expect: 200,
    },
  };
}
