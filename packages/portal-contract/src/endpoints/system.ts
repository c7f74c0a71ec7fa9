/** The system endpoints (filled in as their routes move onto the table). */
export const systemEndpoints = {};
