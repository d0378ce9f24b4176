/**
 * html-validate's recommended rules, as the reader pages are checked in `npm test`. The few rules
 * changed below are about how markup is spelled, not whether it is valid HTML: they would only ask
 * React's server renderer to write the same document differently.
 */
import type { ConfigData } from "html-validate";

export const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // React writes void elements as <meta/> and <link/>, which HTML parses exactly as <meta>.
    "void-style": ["error", { style: "selfclosing" }],
    // React keeps the DOM's spelling of some attributes (charSet, hrefLang, imageSrcSet);
    // attribute names are case-insensitive in HTML.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React writes a true boolean attribute, and an empty one, as name="".
    "attribute-boolean-style": ["error", { style: "empty" }],
    "attribute-empty-style": ["error", { style: "empty" }],
    // useId's ids (_R_1a_) are valid HTML ids: any characters but spaces.
    "valid-id": ["error", { relaxed: true }],
    // A story's page is titled by its headline, which is not cut to fit a search engine's line.
    "long-title": "off",
    // Checkboxes that share a name are one multiple choice (the newsletter's lists), as HTML forms
    // have always sent them; html-validate allows it only for radio buttons and buttons by default.
    "form-dup-name": ["error", { shared: ["radio", "button", "reset", "submit", "checkbox"] }],
  },
};
