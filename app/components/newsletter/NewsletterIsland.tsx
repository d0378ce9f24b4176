import { island } from "~/islands/Island";
import { Newsletter } from "./Newsletter";

/** The newsletter sign-up as the home and category pages place it: hydrated on its own. */
export const NewsletterIsland = island("newsletter", Newsletter);
