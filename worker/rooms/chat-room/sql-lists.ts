/**
 * A list bound as ONE JSON argument: SQLite (and D1, DO SQLite) refuse more than 100 bound
 * parameters, so a list of any length must never become one `?` per item.
 */
export const IN_JSON_LIST = "IN (SELECT value FROM json_each(?))";
