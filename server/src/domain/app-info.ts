/** The product's version and build date, as the specification fixes them. */
export const APP_VERSION = '1.1.9';
export const APP_BUILD_DATE = '2025-08-23T00:00:00-03:00';
