/** The query flag that tells the home page a reader was turned away from the back office. */
export const ADMIN_REQUIRED_NOTICE = "admin-required";
/** The query flag that tells the dashboard a newsroom member was turned away from a section. */
export const ROLE_FORBIDDEN_NOTICE = "role-forbidden";
