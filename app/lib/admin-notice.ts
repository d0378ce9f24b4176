/** The query flag that tells the home page a reader was turned away from the back office. */
export const ADMIN_REQUIRED_NOTICE = "admin-required";
