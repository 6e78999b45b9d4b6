import { Rol, ROLES } from '../../server/src/domain/roles';

/**
 * Who may call each operation: 'public' (no token needed), 'any' (every
 * signed-in role) or the list of roles. Staff management, service options,
 * moving the label counter forward and the audit trail with its restores
 * belong to ROL_SERVICIO; donors, donations, labels and printing to every role.
 */
export const PERMISSIONS: Record<string, 'public' | 'any' | Rol[]> = {
  // Federation (graphql/federation.ts): a gateway forwards the caller's own token.
  'Query._entities': 'any',
  'Query._service': 'any',
  'Query.agentesCph': 'any',
  'Query.auditoria': ['ROL_SERVICIO'],
  'Query.cabezaAuditoria': 'any',
  'Query.clavesApi': ['ROL_SERVICIO'],
  'Query.contadorEtiquetas': 'any',
  'Query.donacion': 'any',
  'Query.donaciones': 'any',
  'Query.donacionesDeDonante': 'any',
  'Query.donante': 'any',
  'Query.donantes': 'any',
  'Query.duplicadosDonantes': ['ROL_SERVICIO'],
  'Query.indicadores': 'any',
  'Query.integrante': ['ROL_SERVICIO'],
  'Query.integrantes': ['ROL_SERVICIO'],
  'Query.pendientesDecision': ['ROL_MEDICO', 'ROL_SERVICIO'],
  'Query.me': [...ROLES],
  'Query.planillas': 'any',
  'Query.servicio': 'any',
  'Query.verificarAuditoria': ['ROL_SERVICIO'],
  'Mutation.salirDeRed': ['ROL_SERVICIO'],
  'Mutation.unirseARed': ['ROL_SERVICIO'],
  'Query.indicadoresRed': ['ROL_RED'],
  'Mutation.renovarCodigoInvitacion': ['ROL_RED'],
  'Mutation.quitarMiembroDeRed': ['ROL_RED'],
  'Query.consultasRed': ['ROL_RED'],
  'Mutation.aprobarNombreMiembro': ['ROL_RED'],
  'Query.red': ['ROL_RED'],
  'Query.visitasNoApto': 'any',
  'Mutation.avanzarContadorEtiquetas': ['ROL_SERVICIO'],
  'Mutation.changePassword': [...ROLES],
  'Mutation.createDonacion': 'any',
  'Mutation.createDonante': 'any',
  'Mutation.createIntegrante': ['ROL_SERVICIO'],
  'Mutation.crearClaveApi': ['ROL_SERVICIO'],
  'Mutation.deleteDonacion': 'any',
  'Mutation.deleteDonante': 'any',
  'Mutation.deleteIntegrante': ['ROL_SERVICIO'],
  'Mutation.fusionarDonantes': ['ROL_SERVICIO'],
  'Mutation.registrarPersonasDistintas': ['ROL_SERVICIO'],
  'Mutation.levantarDiferimiento': ['ROL_MEDICO', 'ROL_SERVICIO'],
  'Mutation.login': 'public',
  'Mutation.nextEtiquetaNumero': 'any',
  'Mutation.register': 'public',
  'Mutation.registrarNoApto': 'any',
  'Mutation.restaurarDonacion': ['ROL_SERVICIO'],
  'Mutation.revocarClaveApi': ['ROL_SERVICIO'],
  'Mutation.restaurarDonante': ['ROL_SERVICIO'],
  'Mutation.updateDonante': 'any',
  'Mutation.updateIntegrante': ['ROL_SERVICIO'],
  'Mutation.setIntegrantePassword': ['ROL_SERVICIO'],
  'Mutation.updateOpciones': ['ROL_SERVICIO'],
  'Mutation.updateReglasDonacion': ['ROL_SERVICIO'],
  'Mutation.updateResultadosDonacion': 'any',
};

/** The same rules for the REST shim's routes. */
export const REST_PERMISSIONS: Record<string, 'public' | 'any' | Rol[]> = {
  'GET /openapi.json': 'public',
  'POST /auth/login': 'public',
  'POST /auth/register': 'public',
  'POST /auth/opciones': ['ROL_SERVICIO'],
  'POST /auth/password': [...ROLES],
  'POST /auth/integrante': ['ROL_SERVICIO'],
  'PUT /auth/integrante': ['ROL_SERVICIO'],
  'PUT /auth/integrante/:_id/password': ['ROL_SERVICIO'],
  'DELETE /auth/integrante/:_id/user/:uid': ['ROL_SERVICIO'],
  'POST /donante/': 'any',
  'GET /donante/search': 'any',
  'GET /donante/:id': 'any',
  'PUT /donante/:id': 'any',
  'DELETE /donante/:id': 'any',
  'POST /donacion/': 'any',
  'POST /donacion/next-etiqueta-number': 'any',
  'GET /donacion/search': 'any',
  'GET /donacion/:id': 'any',
  'PUT /donacion/:id/donante/:donorId': 'any',
  'DELETE /donacion/:_id/donante/:uid': 'any',
};

/** 'any' is every role inside a servicio: a network's account (ROL_RED) only where it is named. */
export const allows = (rule: 'public' | 'any' | Rol[], rol: Rol | null): boolean =>
  rule === 'public' || (rol !== null && (rule === 'any' ? rol !== 'ROL_RED' : rule.includes(rol)));
