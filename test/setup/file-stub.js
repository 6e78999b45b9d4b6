module.exports = 'archivo-de-prueba';
