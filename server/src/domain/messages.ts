/**
 * Every Spanish text of the specification, defined once. The server's
 * validation and the client's forms and screens both import from here.
 */
import {
  CLAVE_MIN,
  CLAVES_API_ACTIVAS_MAX,
  DNI_MAX,
  DNI_MIN,
  EDAD_CPH_MAX,
  EDAD_CPH_MIN,
  EDAD_DONANTE_MAX,
  EDAD_DONANTE_MIN,
  ENTIDADES_POR_CONSULTA_MAX,
  ETIQUETAS_POR_SOLICITUD_MAX,
  INDICADORES_MINIMO_PUBLICABLE,
  NUMERO_ETIQUETA_MAX,
  SEMANAS_ENTRE_DONACIONES,
} from './limites';

/** 12.5 -> '12,5' (the decimal comma, as the screens write it). */
const decimal = (n: number): string => String(n).replace('.', ',');

export const MSG = {
  requerido: 'Requerido',
  fechaNacimientoRequerida: 'La fecha de nacimiento es requerida',
  fechaInvalida: 'Debe proporcionar una fecha válida',
  edadDonante: `Debe tener entre ${EDAD_DONANTE_MIN} y ${EDAD_DONANTE_MAX} años`,
  emailNoValido: 'No es un email válido',
  emailInvalido: 'El email es invalido',
  claveCorta: `La clave debe tener al menos ${CLAVE_MIN} caracteres`,
  clavesDistintas: 'Las passwords no coinciden',
  fcBaja: 'FC baja',
  fcAlta: 'FC alta',
  htoBajo: 'Hto bajo',
  tasBaja: 'TAS baja',
  tasAlta: 'TAS alta',
  tadBaja: 'TAD baja',
  tadAlta: 'TAD alta',
  pesoBajo: 'Peso bajo',
  hemoglobinaBaja: 'Hemoglobina baja',
  hemoglobinaAlta: 'Hemoglobina alta',
  htoAlto: 'Hto alto',
  umbralMenorQueNorma: (minimo: number) =>
    `No puede ser menor que ${decimal(minimo)}, el límite de la norma: el servicio solo puede exigir más`,
  umbralEntre: (min: number, max: number) => `Debe ser un número entre ${decimal(min)} y ${decimal(max)}`,
  umbralMaximoBajo: 'El máximo debe ser mayor que los mínimos de hombres y mujeres',
  umbralesGuardados: 'Umbrales de tamizaje guardados con exito',
  citratoSoloAferesis: 'La reacción al citrato solo ocurre en una donación por aféresis',
  reaccionOtraDetalle: "Describa la reacción: con 'Otra' el detalle es requerido",
  reaccionNoEncontrada: 'No se encuentra la reacción',
  reaccionRegistrada: 'Reacción registrada',
  reaccionCorregida: 'Reacción corregida',
  reaccionSeveraPrevia: 'Reacción severa en una donación anterior: evaluar en la entrevista',
  constanciaSinMedicos:
    'El servicio no tiene médicos registrados: la constancia la firma un integrante con rol Médico (Opciones > Integrantes).',
  donacionYaRegistrada: 'Esta donación ya se encuentra registrada',
  edadCph: `La edad para ingresar al registro CPH es entre ${EDAD_CPH_MIN} y ${EDAD_CPH_MAX} años.`,
  errorCargarDonacion: 'Error al cargar donacion',
  sinDonaciones: 'No se encontraron donaciones',
  errorActualizarDonacion: 'Error al actualizar la donación',
  errorInesperadoActualizarDonacion: 'Error inesperado al actualizar la donación',
  errorInesperadoEliminarDonacion: 'Error inesperado al eliminar la donación',
  sinDonantes: 'No se encontraron donantes',
  grupoFiltroInvalido: "El grupo debe ser 'A', 'B', 'AB' u 'O'",
  factorFiltroInvalido: "El factor debe ser 'POSITIVO' o 'NEGATIVO'",
  elegibilidadFiltroAmplio: (max: number) =>
    `Para filtrar por si pueden donar hoy se revisan a lo sumo ${max} donantes, y no alcanzaron para esta página: acote la búsqueda por DNI, apellido, nombre o grupo.`,
  ordenInvalido: 'No se puede ordenar por esa columna',
  errorCargarDonante: 'Error al cargar donante',
  errorCrearDonante: 'Error al crear donante',
  errorEditarDonante: 'Error al editar donante',
  errorEliminarDonante: 'Error al eliminar donante',
  errorCrearDonacion: 'Error al crear donación',
  usuarioNoAutenticado: 'Usuario no autenticado',
  errorNumeroEtiqueta: 'Error al generar número de etiqueta',
  errorLeerSerologia: 'Error al leer serología',
  donanteNoEncontrado: 'No se encuentra el donante',
  sinDatos: 'Sin datos',
  sinErroresValidacion: 'No se encontraron errores de validación.',
  opcionesGuardadas: 'Opciones guardadas con exito',
  integranteAgregado: 'Integrante agregado con exito',
  integranteEditado: 'Integrante editado con exito',
  integranteEliminado: 'Integrante eliminado con exito',
  // Texts the specification leaves to us ("not shown"): plain, specific Spanish.
  credencialesInvalidas: 'Usuario o contraseña incorrectos',
  demasiadosIntentos: (segundos: number) => {
    const minutos = Math.ceil(segundos / 60);
    const espera =
      segundos < 60
        ? `${segundos} segundo${segundos === 1 ? '' : 's'}`
        : `${minutos} minuto${minutos === 1 ? '' : 's'}`;
    return `Demasiados intentos fallidos. Espere ${espera} antes de volver a intentar.`;
  },
  usuarioExistente: 'El nombre de usuario ya está en uso',
  noAutenticado: 'Debe iniciar sesión para continuar',
  sinPermiso: 'No tiene permiso para realizar esta acción',
  noEncontrado: 'No se encontró el registro solicitado',
  errorInesperado: 'Ocurrió un error inesperado',
  datosInvalidos: 'Los datos enviados no son válidos',
  textoDemasiadoLargo: (max: number) => `Debe tener como máximo ${max} caracteres`,
  valorNoPermitido: 'Valor no permitido',
  claveActualIncorrecta: 'La clave actual es incorrecta',
  claveActualizada: 'Clave actualizada con exito',
  claveIntegranteAsignada: 'Clave del integrante actualizada con exito: sus sesiones abiertas se cerraron',
  donacionActualizada: 'Donación actualizada con exito',
  donacionEliminada: 'Donación eliminada con exito',
  donanteEliminado: 'Donante eliminado con exito',
  donanteAgregado: 'Donante agregado con exito',
  donanteEditado: 'Donante editado con exito',
  baseNoDisponible: 'La base de datos no está disponible. Intente nuevamente en unos minutos.',
  consultaDemasiadoProfunda: 'La consulta es demasiado compleja',
  introspeccionNoPermitida: 'Debe iniciar sesión para consultar la descripción de la API',
  cuerpoDemasiadoGrande: 'La solicitud es demasiado grande',
  // Federation (graphql/federation.ts)
  entidadInvalida: 'Cada entidad pedida debe indicar su tipo (Donante, Donacion o Servicio) y su id',
  demasiadasEntidades: `Se pueden pedir como máximo ${ENTIDADES_POR_CONSULTA_MAX} entidades por consulta`,
  // Donations (issue 4)
  menos8Semanas: (fecha: string) =>
    `Este donante dono hace menos de ${SEMANAS_ENTRE_DONACIONES} semanas (${fecha}).`,
  numeroDonacionEnUso: (numero: number) => `El número ${numero} ya corresponde a otra donación del servicio`,
  fechaFutura: 'La fecha no puede ser posterior a hoy',
  // Donor safety: the interval, the yearly limit and deferrals (domain/elegibilidad.ts)
  /** The interval rule with the servicio's weeks: the specification's text when they are 8. */
  menosSemanas: (semanas: number, fecha: string) =>
    `Este donante dono hace menos de ${semanas} semanas (${fecha}).`,
  limiteAnualAlcanzado: (limite: number, hombre: boolean, desde: string) =>
    `Alcanzó el límite anual: ${limite} donaciones de sangre entera en 12 meses para ${hombre ? 'hombres' : 'mujeres'}. Puede donar a partir del ${desde}.`,
  diferimientoDefinitivo: (origen: string) => `Donante diferido: exclusión definitiva (${origen}).`,
  diferimientoTemporal: (dias: number, origen: string, desde: string) =>
    `Donante diferido: exclusión temporal de ${dias} días (${origen}). Puede donar a partir del ${desde}.`,
  diferimientoPendiente: (marcadores: string, origen: string) =>
    `Donante diferido: serología reactiva (${marcadores}) en la ${origen}, a la espera de la decisión de un médico.`,
  diferimientoNoApto: (dias: number, fecha: string, motivo: string, desde: string) =>
    `Donante diferido: no apto el ${fecha} (${motivo}), por ${dias} días. Puede donar a partir del ${desde}.`,
  /**
   * What a member reads of another member's record: whether and until when the donor may not
   * donate (the first day the donor may, when there is one), and where to ask. Never the kind,
   * start, length or reason of a deferral, nor the date of a donation.
   */
  noPuedeDonarOtroServicio: (servicio: string, hasta: string | null) =>
    hasta
      ? `No puede donar hasta el ${hasta}; consultar con ${servicio}.`
      : `No puede donar; consultar con ${servicio}.`,
  incluyeDonacionesDe: (servicios: string) => `Incluye donaciones registradas en ${servicios}.`,
  donacionesCercanas: (n1: number, f1: string, n2: number, f2: string, semanas: number) =>
    `Las donaciones N° ${n1} (${f1}) y N° ${n2} (${f2}) tienen menos de ${semanas} semanas entre sí.`,
  limiteAnualExcedido: (cantidad: number, desde: string, hasta: string, limite: number) =>
    `Entre el ${desde} y el ${hasta} hay ${cantidad} donaciones de sangre entera (el límite es ${limite} en 12 meses).`,
  enteroEntre: (min: number, max: number) => `Debe ser un número entero entre ${min} y ${max}`,
  diferidoSinFecha: 'No puede donar: diferimiento sin fecha de fin',
  diferidoSinFechaDetalle:
    'El diferimiento no tiene fecha de finalización: no puede donar hasta que un médico o el administrador del servicio lo levante.',
  soloMedicoLevanta:
    'Solo un médico o el administrador del servicio puede levantar o acortar un diferimiento',
  reactivoEsperaMedico:
    'Un marcador reactivo nuevo deja al donante a la espera de la decisión de un médico: solo un médico puede registrar una exclusión temporal (deje la exclusión sin marcar o marque Definitiva)',
  soloMedicoReactivo: 'Solo un médico puede levantar o acortar un diferimiento por serología reactiva',
  confirmadoNoSeLevanta:
    'Un marcador con prueba confirmatoria positiva difiere al donante en forma definitiva: no se levanta ni se acorta',
  resultadoFechaFutura: 'La fecha del resultado no puede ser posterior a hoy',
  resultadoYaRepetido:
    'El tamizaje ya tiene su repetición por duplicado: registre la repetición o la prueba confirmatoria',
  marcadorFueraDelPanel: 'El marcador no es del panel del servicio',
  marcadorAdicionalNoPermitido: (permitidos: string) => `Solo se agregan al panel las pruebas ${permitidos}`,
  panelResultadosGuardado: 'Panel de laboratorio guardado',
  repeticionNoCorresponde:
    'Solo se repite por duplicado un tamizaje reactivo o indeterminado que aún no se repitió',
  confirmatorioNoCorresponde:
    'Solo se registra la prueba confirmatoria de un marcador repetidamente reactivo',
  anticuerpoRequerido: 'Indique el anticuerpo encontrado',
  grupoDiscordante: (grupo: string, origen: string) =>
    `El grupo y factor difieren del ${grupo} de la ${origen}: confírmelo con un motivo (médico o técnico); la donación queda marcada hasta que una nueva tipificación confirme uno`,
  soloMedicoTecnicoGrupo:
    'Solo un médico o un técnico confirma un grupo que difiere de las donaciones anteriores',
  retipificacionNoCorresponde: 'La donación no tiene un grupo discordante que confirmar',
  retipificacionRegistrada: 'Nueva tipificación registrada: el grupo ya no figura como discordante',
  soloMedicoNoAptoDefinitivo:
    "Solo un médico puede registrar una visita 'No apto' con diferimiento definitivo",
  diferimientoNoAptoDefinitivo: (fecha: string, motivo: string) =>
    `Donante diferido: no apto el ${fecha} (${motivo}), en forma definitiva.`,
  donacionAntesDeNacer: (fecha: string, nacimiento: string) =>
    `La fecha de la donación (${fecha}) es anterior al nacimiento del donante (${nacimiento}).`,
  edadMinimaDonacion: (edad: number, fecha: string, desde: string) =>
    `El donante tendría ${edad} años el ${fecha}: la edad para donar es de ${EDAD_DONANTE_MIN} a ${EDAD_DONANTE_MAX} años. Puede donar a partir del ${desde}.`,
  edadMaximaDonacion: (edad: number, fecha: string) =>
    `El donante tendría ${edad} años el ${fecha}: la edad para donar es de ${EDAD_DONANTE_MIN} a ${EDAD_DONANTE_MAX} años.`,
  personasDistintasRegistradas: 'Registrado: son personas distintas',
  personasDistintasMismaPersona:
    'Los dos registros son de la misma persona (comparten un DNI): no pueden ser personas distintas',
  personasDistintasSinDigitos: 'Los DNI de los dos registros no comparten los mismos dígitos',
  soloMedicoCambiaSexo:
    'Solo un médico o el administrador del servicio puede cambiar el sexo de un donante con donaciones registradas',
  donacionDuranteDiferimiento: (numero: number, fecha: string, diferimiento: string) =>
    `La donación N° ${numero} (${fecha}) se registró mientras regía un diferimiento. ${diferimiento}`,
  diferimientoNoVigente: 'El donante no tiene ese diferimiento vigente',
  diferimientoLevantado: 'Diferimiento levantado',
  /** A lift recorded before the deferral's words were kept: its kind and start, from its key. */
  diferimientoDeClave: (tipo: string, desde: string) =>
    `Diferimiento ${tipo === 'Definitiva' ? 'definitivo' : tipo === 'Temporal' ? 'temporal' : 'por serología reactiva, a la espera de la decisión de un médico,'} desde el ${desde}.`,
  reglasGuardadas: 'Reglas de donación guardadas con exito',
  noAptoRegistrado: 'Visita registrada: el donante no fue apto para donar',
  // Regional networks (modules/red)
  redSoloIndicadores:
    'Una cuenta de red solo consulta los indicadores de sus servicios: no accede a donantes, donaciones, integrantes ni opciones',
  codigoRedInvalido: 'El código de invitación no corresponde a ninguna red',
  yaEnRed: 'El servicio ya pertenece a una red: salga de ella antes de unirse a otra',
  noEnRed: 'El servicio no pertenece a ninguna red',
  unidoARed: (red: string) => `El servicio se unió a la red ${red}`,
  salioDeRed: (red: string) => `El servicio salió de la red ${red}`,
  nombreEsperaAprobacion: (propuesto: string, vigente: string) =>
    `El nombre «${propuesto}» espera la aprobación de la red: hasta entonces, los demás servicios de la red leen «${vigente}».`,
  codigoRedCopiado: 'Código de invitación copiado',
  codigoRedNoCopiado: 'No se pudo copiar: seleccione el código y cópielo a mano',
  noEsMiembroDeRed: 'El servicio no es miembro de esta red',
  codigoRedRenovado: 'Código de invitación renovado: el anterior ya no sirve para unirse a la red',
  miembroQuitadoDeRed: (servicio: string) =>
    `${servicio} ya no es miembro de la red. El código de invitación fue renovado.`,
  // Reporting (domain/indicadores.ts)
  periodoInvertido: 'La fecha final no puede ser anterior a la inicial',
  periodoDemasiadoLargo: 'El período puede abarcar como máximo 10 años',
  /** The discard and dispatch registers (domain/registros.ts). */
  periodoRegistroDemasiadoLargo: 'Un registro abarca como máximo un año: elija un período más corto',
  serieDemasiadoLarga: (agrupacion: string) =>
    `El período es demasiado largo para agruparlo por ${agrupacion}: elija un período más corto o una agrupación mayor`,
  /** A figure not published outside the servicio (domain/indicadores.ts), in every cell that shows one. */
  menosDeCinco: `menos de ${INDICADORES_MINIMO_PUBLICABLE}`,
  /** A share made from such a figure ('menos de 5 %' would read as a share). */
  porcentajeReservado: 'reservado',
  notaSupresion: `"menos de ${INDICADORES_MINIMO_PUBLICABLE}": cifra que se basa en menos de ${INDICADORES_MINIMO_PUBLICABLE} donaciones o donantes, o que permitiría deducir una así restando de un total; "reservado": un porcentaje calculado con una de ellas. Fuera del servicio no se publican. La serología, las exclusiones y los grupos cuentan los resultados cargados antes de hoy.`,
  /** The same, in one line at the foot of the report's PDF. */
  notaSupresionCorta: `"menos de ${INDICADORES_MINIMO_PUBLICABLE}" / "reservado": cifra o porcentaje que no se publica fuera del servicio (menos de ${INDICADORES_MINIMO_PUBLICABLE} donaciones o donantes).`,
  // Label numbers (domain/etiquetas.ts)
  numeroEtiquetaFueraDeRango: `El número de etiqueta debe ser un entero entre 1 y ${NUMERO_ETIQUETA_MAX}`,
  numeroEtiquetaNoEmitido: (numero: number, ultimo: number) =>
    ultimo > 0
      ? `El número ${numero} no fue emitido por el servicio (el último emitido es ${ultimo}): use Generar Etiquetas`
      : `El número ${numero} no fue emitido: el servicio todavía no generó números de etiqueta`,
  codigoEtiquetaInvalido: 'El código de etiqueta no es válido',
  numerosEtiquetaAgotados: `El servicio ya emitió el último número de etiqueta posible (${NUMERO_ETIQUETA_MAX})`,
  demasiadasEtiquetasPorSolicitud: `Se pueden generar como máximo ${ETIQUETAS_POR_SOLICITUD_MAX} números de etiqueta por solicitud`,
  contadorEtiquetasNoRetrocede: (ultimo: number) =>
    `El número debe ser mayor que el último emitido (${ultimo}): la numeración nunca retrocede`,
  contadorEtiquetasAvanzado: (ultimo: number) =>
    `Numeración actualizada: el último número emitido es ${ultimo}`,
  etiquetasDonanteNoPuedeDonar: 'No se emiten etiquetas: el donante no puede donar hoy.',
  medidaEtiquetaFueraDeRango: (min: number, max: number) =>
    `Debe ser un número entero de milímetros entre ${min} y ${max}`,
  formatoEtiquetasGuardado: 'Formato de etiquetas guardado',
  horaInvalida: 'Debe proporcionar una hora válida (HH:mm)',
  sinConexion: 'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.',
  // Audit trail and restore (issue 9)
  donanteRestaurado: 'Donante restaurado con exito',
  donacionRestaurada: 'Donación restaurada con exito',
  restaurarDonanteEliminado: 'El donante de esta donación está eliminado: restáurelo primero',
  restaurarFueraDeUmbrales: (motivos: string) =>
    `No se puede restaurar la donación: sus signos vitales registrados no cumplen los umbrales de tamizaje vigentes del servicio (${motivos})`,
  noEliminado: 'El registro no está eliminado',
  auditoriaDonanteCorto: 'Escriba al menos 2 letras del apellido, o el DNI',
  auditoriaDemasiadosDonantes: (max: number) =>
    `Coinciden más de ${max} donantes: escriba más del apellido (y el nombre), o el DNI`,
  // Requests the server cannot read (HTTP errors outside GraphQL's own)
  solicitudNoValida: 'La solicitud no es válida',
  tipoContenidoNoAdmitido: 'El tipo de contenido no es admitido: envíe JSON en UTF-8 (application/json)',
  codificacionNoAdmitida:
    'La codificación del contenido no es admitida: envíe el cuerpo sin comprimir o en gzip',
  rangoNoSatisfacible: 'El rango pedido está fuera del archivo',
  rutaNoPermitida: 'La ruta pedida no está permitida',
  metodoNoPermitido: 'El método HTTP no está permitido en esta ruta',
  datosDemasiadoAnidados: 'Los datos enviados tienen demasiados niveles de anidamiento',
  // Invisible and control characters (domain/texto.ts)
  caracteresNoPermitidos: 'El texto contiene caracteres no permitidos (invisibles o de control)',
  operacionNoAdmitida: (tipo: string) => `El servidor no admite operaciones de tipo ${tipo}`,
  // One identity per donor (domain/dni.ts, donante.duplicados.ts)
  dniInvalido: `El DNI debe tener entre ${DNI_MIN} y ${DNI_MAX} letras o dígitos (sin puntos ni espacios)`,
  donanteFusionadoNoRestaurable: 'Este donante fue fusionado con otro y no se puede restaurar',
  fusionarMismoDonante: 'Elija dos donantes distintos para fusionar',
  donantesFusionados: (movidas: number) =>
    movidas === 1
      ? 'Donantes fusionados: se movió 1 donación'
      : `Donantes fusionados: se movieron ${movidas} donaciones`,
  // API keys for dashboards (domain/clave-api.ts, modules/clave-api)
  claveApiNombreRepetido: 'Ya hay una clave de API activa con ese nombre',
  clavesApiAgotadas: `El servicio ya tiene ${CLAVES_API_ACTIVAS_MAX} claves de API activas: revoque alguna antes de crear otra`,
  claveApiYaRevocada: 'La clave de API ya estaba revocada',
  claveApiInvalida: 'La clave de API no es válida o fue revocada',
  claveApiSoloIndicadores: 'Una clave de API solo puede consultar los indicadores del servicio',
  claveApiRevocada: (nombre: string) =>
    `Clave '${nombre}' revocada: los tableros que la usan ya no reciben datos`,
  claveApiNoCopiada: 'No se pudo copiar: seleccione la clave y cópiela a mano',
  claveApiSoloUnaVez:
    'Cópiela ahora y guárdela en el tablero: por seguridad no se volverá a mostrar. Si se pierde, revóquela y cree otra.',
  nombreMiembroAprobado: 'Nombre aprobado: los demás servicios de la red ya lo leen',
  sinNombrePropuesto: 'El servicio no propuso otro nombre: escriba el nombre que la red le da',
  consultasRedDemasiadas: (segundos: number) =>
    `Demasiadas consultas de donantes de otros servicios de la red. Espere ${segundos} segundo${segundos === 1 ? '' : 's'} antes de volver a intentar.`,
  claveApiDemasiadosUsos: (segundos: number) =>
    `Demasiadas consultas con esta clave de API. Espere ${segundos} segundo${segundos === 1 ? '' : 's'} antes de volver a intentar.`,
  // The audit trail's hash chain (modules/auditoria/cadena.ts)
  auditoriaEntradaModificada: 'La entrada fue modificada después de escrita',
  auditoriaFaltaAnterior: 'Falta la entrada anterior o la cadena fue alterada',
  auditoriaFaltanUltimas: 'Faltan las últimas entradas del registro',
  auditoriaSinCabeza: 'Falta el registro del final de la cadena',
  auditoriaSinRegistro: 'El servicio tiene usuarios, donantes o donaciones pero ninguna entrada de auditoría',
  auditoriaSinAncla: 'El hash guardado fuera de la base no está en la cadena: fue reescrita',
  auditoriaAnclaInvalida: 'El hash de referencia debe tener entre 16 y 64 caracteres hexadecimales',
  auditoriaIntacta: (servicio: string, entradas: number, ultimoHash: string | null) =>
    `Servicio ${servicio}: ${entradas} entrada${entradas === 1 ? '' : 's'}, cadena intacta` +
    (ultimoHash ? `, último hash ${ultimoHash}` : ''),
  auditoriaRota: (servicio: string, entrada: string, motivo: string) =>
    `Servicio ${servicio}: la cadena de auditoría se rompe en la entrada ${entrada}: ${motivo}`,
  auditoriaRotaSinEntrada: (servicio: string, motivo: string) =>
    `Servicio ${servicio}: la cadena de auditoría no es la esperada: ${motivo}`,
  auditoriaRestaurada: (
    servicio: string,
    entrada: string,
    at: string,
    copia: string,
    d: DescarteRestauracion,
  ) =>
    `Servicio ${servicio}: la entrada ${entrada} registra una restauración el ${at} desde la copia del ${copia}; ` +
    `se descartó: ${describirDescarte(d)}`,
  // npm run restore (cli/backup.ts, modules/auditoria/restauracion.ts)
  restauracionCopia: (archivo: string, creada: string, sha256: string) =>
    `Copia ${archivo}: creada el ${creada}, SHA-256 ${sha256}`,
  restauracionBaseVacia: 'La base de destino no tiene datos: la restauración no descarta nada.',
  restauracionDescartes: 'Lo que la copia no tiene y la restauración descarta, por servicio:',
  restauracionServicio: (servicio: string, d: DescarteRestauracion) =>
    `  Servicio ${servicio}: ${describirDescarte(d)}`,
  restauracionServicioAusente: (servicio: string, d: DescarteRestauracion) =>
    `  Servicio ${servicio}: no está en la copia; se elimina entero con su auditoría (${describirDescarte(d)})`,
  restauracionPregunta: '¿Restaurar la copia y descartar lo anterior? Escriba "si" para continuar: ',
  restauracionCancelada: 'Restauración cancelada: no se cambió nada',
  restauracionSinConfirmar:
    'La restauración reemplaza todos los datos de la base y no hay una terminal para confirmarla: ' +
    'repita el comando con --yes (npm run restore -- ARCHIVO --yes). No se cambió nada',
  restauracionRegistrada: (servicio: string, entrada: string) =>
    `Servicio ${servicio}: la entrada ${entrada} de la auditoría registra la restauración`,
  comandoUso: 'Uso: npm run backup [ARCHIVO] | npm run restore ARCHIVO [--yes]',
  comandoSinBase: (causa: string, operacion: 'backup' | 'restore') =>
    `no se pudo conectar con la base de datos (${causa}): ${comandoSinEfecto(operacion)}`,
  comandoBaseCaida: (causa: string, operacion: 'backup' | 'restore') =>
    `la base de datos dejó de responder (${causa}): ${comandoSinEfecto(operacion)}`,
  comandoFallo: (causa: string, operacion: 'backup' | 'restore') =>
    `no se pudo completar la operación (${causa}): ${comandoSinEfecto(operacion)}`,
  // Components (domain/componentes.ts): split, quarantine, release and discard.
  codigoUnidadInvalido: 'El código de unidad no es válido',
  codigoUnidadControl: 'El código de unidad no es válido: el carácter de control no corresponde',
  codigoInstalacionInvalido:
    'El código de instalación debe ser el FIN de ICCBBA: una letra y 4 dígitos (por ejemplo, A1234)',
  codigoInstalacionEnUso: 'Ese código de instalación ya lo usa otro servicio',
  codigoInstalacionConComponentes:
    'El servicio ya tiene componentes con el código de instalación impreso en sus etiquetas: no se puede cambiar',
  vidaUtilFueraDeRango: (min: number, max: number) =>
    `Debe ser un número entero de días entre ${min} y ${max}`,
  componenteNoEncontrado: 'No se encontró el componente',
  unidadSinCodigo: (codigo: string) => `No hay ninguna unidad con el código ${codigo}`,
  unidadEnTransitoAca: (codigo: string) =>
    `La unidad ${codigo} está en tránsito hacia este servicio: recíbala en 'En tránsito' antes de despacharla`,
  componentesVacio: 'Debe indicar al menos un componente',
  componenteRepetido: (tipo: string, maximo = 1) =>
    `La donación no da más de ${maximo === 1 ? 'una unidad' : `${maximo} unidades`} de ${tipo}`,
  componenteNoPermitido: (tipo: string, bolsa: string) => `${bolsa} no da ${tipo}`,
  volumenFueraDeRango: (min: number, max: number) =>
    `El volumen debe ser un número entero de ml entre ${min} y ${max}`,
  donacionYaFraccionada: 'La donación ya fue fraccionada',
  donacionSinIdentificador:
    'El servicio no tiene código de instalación: no se pueden identificar sus unidades',
  soloMedicoTecnicoLibera: 'Solo un médico o un técnico liberan componentes',
  soloPersonalFracciona:
    'Solo un médico, un técnico o el administrador del servicio fraccionan y descartan componentes',
  componenteYaLiberado: 'El componente ya está liberado',
  componenteDescartado: 'El componente está descartado',
  componenteDespachado: 'El componente ya fue despachado',
  componenteNoLiberado: 'Solo se despacha un componente liberado',
  componenteVencidoNoSeDespacha: 'El componente está vencido: no se despacha',
  detalleDescarteRequerido: "Debe describir el motivo del descarte cuando elige 'Otro'",
  liberarDemasiados: (max: number) => `Se liberan como máximo ${max} componentes por vez`,
  faltaAbo: 'Falta el grupo ABO',
  faltaRh: 'Falta el factor Rh',
  faltaSerologia: (marcador: string) => `Falta la serología: ${marcador}`,
  marcadorReactivo: (marcador: string) => `${marcador} reactivo`,
  donanteDiferido: (texto: string) => `Donante diferido: ${texto}`,
  componenteVencido: (fecha: string) => `Vencido el ${fecha}`,
  donacionDelComponenteEliminada: 'La donación fue eliminada',
  grupoDiscordantePendiente:
    'El grupo difiere de donaciones anteriores del donante: falta la nueva tipificación',
  donacionConComponentes:
    'La donación tiene componentes que no están descartados: descártelos antes de eliminarla',
  grupoConComponentesLiberados:
    'La donación tiene componentes liberados, con el grupo y el factor impresos en sus etiquetas: ' +
    'descártelos antes de corregir el grupo o el factor',
  // Calling donors back (domain/citacion.ts) and post-donation information
  citacionNoEncontrada: 'No se encontró la citación',
  citacionPendiente: 'Citación pendiente',
  citacionActualizada: 'Citación actualizada',
  soloMedicoCitacion:
    'Solo un médico agrega una citación, registra la asistencia (lo informado y la derivación) o la cierra',
  citacionCerrada: 'La citación ya está cerrada',
  citacionYaAsistio: 'El donante ya asistió a la citación',
  intentoFechaFutura: 'La fecha del intento no puede ser futura',
  citaFechaPasada: 'La cita no puede ser anterior a hoy',
  citacionMotivoManual:
    'Solo se agrega a mano una citación por otro motivo: las de resultados las abre el laboratorio',
  cierreConfirmatorioNegativo: 'Confirmatorio negativo',
  cierreSinReactivo: 'Repetición no reactiva',
  informeFechaFutura: 'La fecha del informe no puede ser futura',
  informeAntesDeDonacion: 'La fecha del informe no puede ser anterior a la donación',
  soloMedicoInforme: 'Solo un médico o el administrador del servicio registran un informe post-donación',
  informePostdonacionDetalle: (informante: string, fecha: string) =>
    `Informe post-donación de ${informante.toLowerCase()} del ${fecha}`,
  // The visit and its interview (domain/visita.ts, domain/entrevista.ts).
  visitaNoEncontrada: 'No se encuentra la visita',
  visitaCerrada: (estado: string) => `La visita ya terminó (${estado}): no se modifica`,
  visitaEnCurso: 'El donante ya tiene una visita en curso: continúe esa visita',
  visitaEnCursoDonacion:
    'El donante tiene una visita en curso: registre la donación desde la visita, después de la entrevista',
  visitaDeOtroDonante: 'La visita es de otro donante',
  visitaSinFirmas: 'Falta registrar la firma de la declaración jurada y del consentimiento informado',
  entrevistaSinConfirmar: 'La entrevista todavía no fue confirmada por un médico',
  entrevistaYaConfirmada: 'La entrevista ya fue confirmada: no se modifican sus respuestas',
  entrevistaSinRespuestas: 'La entrevista no tiene respuestas',
  soloMedicoConfirmaEntrevista: 'Solo un médico confirma la entrevista predonación',
  soloMedicoCuestionario: 'Solo un médico o el administrador del servicio modifican el cuestionario',
  testigoRequerido: 'Indique quién fue testigo de la firma',
  preguntaNoEncontrada: 'La pregunta no está en el cuestionario activo',
  preguntaRepetida: 'La pregunta se respondió más de una vez',
  preguntaDifiereSoloSiNo: 'Solo una pregunta de Sí / No difiere por su respuesta',
  motivoCodigoInvalido: (max: number) =>
    `El código del motivo usa mayúsculas, números y guiones bajos (como máximo ${max} caracteres)`,
  respuestaSiNo: 'Responda Sí o No',
  respuestaNumero: 'Debe ser un número',
  respuestaConfidencial: 'Respuesta confidencial',
  entrevistaMotivo: 'Entrevista predonación',
  entrevistaRespuestaConfidencial: 'respuesta confidencial',
  cuestionarioVacio: 'El cuestionario debe tener al menos una pregunta activa',
  cuestionarioDemasiadas: (max: number) => `El cuestionario tiene como máximo ${max} preguntas`,
  cuestionarioGuardado: 'Cuestionario guardado',
  // Stock, dispatch and transfers (domain/stock.ts, domain/despacho.ts).
  soloPersonalDespacha:
    'Solo un médico, un técnico o el administrador del servicio despachan, reciben y registran el destino de componentes',
  despachoVacio: 'Debe indicar al menos una unidad',
  despachoDemasiados: (max: number) => `Se despachan como máximo ${max} unidades por vez`,
  despachoRepetido: 'La misma unidad figura más de una vez en el despacho',
  destinoNombreRequerido: 'Debe indicar el hospital o la clínica de destino',
  destinoMiembroRequerido: 'Debe elegir el servicio de la red que recibe las unidades',
  destinoMiembroAjeno: 'El servicio de destino no es otro integrante de la red del servicio',
  destinoSinMiembro:
    'Solo se despacha a un servicio de la red con un servicio de destino, y solo a ese tipo de destino',
  componenteNoDespachado: 'El componente no está despachado',
  componenteEnTransito:
    'El componente está en tránsito a otro servicio de la red: lo recibe o lo devuelve ese servicio',
  componenteNoEnTransito: 'El componente no está en tránsito hacia este servicio',
  destinoFinalYaRegistrado: 'El destino final del componente ya fue registrado',
  destinoFinalMotivoRequerido: 'Debe indicar el motivo del descarte en el destino',
  enLaUnidad: (codigo: string, msg: string) => `La unidad ${codigo}: ${msg}`,
  solicitudMiembros: 'El servicio que envía y el que recibe deben ser dos integrantes distintos de la red',
  solicitudCantidad: (max: number) => `Debe ser un número entero de unidades entre 1 y ${max}`,
  solicitudNoEncontrada: 'No se encontró la solicitud',
  solicitudYaRespondida: 'La solicitud ya fue respondida',
  solicitudMotivoRequerido: 'Debe indicar por qué la rechaza',
  diasAvisoFueraDeRango: (min: number, max: number) =>
    `Debe ser un número entero de días entre ${min} y ${max}`,
  // Look-back (domain/trazabilidad.ts).
  ventanaTrazabilidadFueraDeRango: (min: number, max: number) =>
    `Debe ser un número entero de meses entre ${min} y ${max}`,
  trazabilidadNoEncontrada: 'No se encontró la trazabilidad',
  trazabilidadCerrada: 'La trazabilidad ya está cerrada',
  trazabilidadSoloQuienAbre: 'Solo el servicio que abrió la trazabilidad la cierra',
  trazabilidadFaltaNotificar: (codigos: string) => `Falta registrar la notificación de: ${codigos}`,
  soloMedicoNotifica:
    'Solo un médico o el administrador del servicio registran notificaciones y cierran trazabilidades',
  retiroPorInformePostdonacion: (numero: number) =>
    `Trazabilidad inversa: informe post-donación de una donación del donante (N° ${numero})`,
  retiroPorDiferimientoDefinitivo: (causa: string, numero: number | null) =>
    `Trazabilidad inversa: diferimiento definitivo del donante${causa ? ` (${causa})` : ''}${
      numero === null ? '' : ` en la donación N° ${numero}`
    }`,
  trazabilidadOrigenDonacion: (numero: number) => `Donación N° ${numero}`,
  trazabilidadOrigenVisita: (fecha: string) => `Visita no apta del ${fecha}`,
  retiroPorTrazabilidad: (numero: number) =>
    `Trazabilidad inversa: resultado reactivo en una donación posterior del donante (N° ${numero})`,
} as const;

/** What a restore dropped of one servicio: what the copy lacked (modules/auditoria/restauracion.ts). */
export type DescarteRestauracion = {
  entradas: number;
  primeraEntrada: string | null;
  ultimaEntrada: string | null;
  donaciones: number;
  resultados: number;
  /** Label numbers of the donations whose reactive serology or definitive exclusion was dropped. */
  reactivos: readonly number[];
  donantes: number;
  visitasNoApto: number;
};

/** What a command that failed left behind: a restore is one transaction, a backup a `.partial` file removed. */
const comandoSinEfecto = (operacion: 'backup' | 'restore') =>
  operacion === 'restore'
    ? 'la restauración no se hizo y la base quedó como estaba'
    : 'la copia no se guardó';

const cuenta = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

/** '3 entradas de auditoría (de la 101 a la 103), 1 donación nueva o modificada, ...', or 'nada'. */
function describirDescarte(d: DescarteRestauracion): string {
  const partes: string[] = [];
  if (d.entradas > 0) {
    const rango =
      d.primeraEntrada === d.ultimaEntrada
        ? ` (la ${d.primeraEntrada})`
        : ` (de la ${d.primeraEntrada} a la ${d.ultimaEntrada})`;
    partes.push(cuenta(d.entradas, 'entrada de auditoría', 'entradas de auditoría') + rango);
  }
  if (d.donaciones > 0)
    partes.push(cuenta(d.donaciones, 'donación nueva o modificada', 'donaciones nuevas o modificadas'));
  if (d.resultados > 0) partes.push(cuenta(d.resultados, 'resultado', 'resultados'));
  if (d.reactivos.length > 0) {
    partes.push(
      `RESULTADOS REACTIVOS O EXCLUSIÓN DEFINITIVA en ${d.reactivos.length === 1 ? 'la donación' : 'las donaciones'} ` +
        d.reactivos.join(', '),
    );
  }
  if (d.donantes > 0)
    partes.push(cuenta(d.donantes, 'donante nuevo o modificado', 'donantes nuevos o modificados'));
  if (d.visitasNoApto > 0) partes.push(cuenta(d.visitasNoApto, "visita 'No apto'", "visitas 'No apto'"));
  return partes.length > 0 ? partes.join(', ') : 'nada';
}

export type FieldError = { field: string; msg: string };
