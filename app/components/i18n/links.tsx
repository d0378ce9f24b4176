/**
 * react-router's Link and NavLink, with locale-free `to` paths ('/article/x') sent to the page's
 * language. Components write paths once, in the default form, and never build prefixes by hand.
 */
import { forwardRef } from "react";
import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from "react-router";
import { useLocalizePath } from "~/contexts/i18n";

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  const localize = useLocalizePath();
  return <RouterLink ref={ref} to={typeof to === "string" ? localize(to) : to} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  const localize = useLocalizePath();
  return <RouterNavLink ref={ref} to={typeof to === "string" ? localize(to) : to} {...props} />;
});
