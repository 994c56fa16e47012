/** The departament whose articles are the five website models: the payment page (DESIGN D10). */
export const PAYMENT_DEPARTAMENT_ID = 12;
