import { PLACEHOLDER_IMAGE } from "~/lib/media-url";
import { PAGE_CHANGE_EVENT } from "./navigation";

/**
 * docs/product.md#messages-and-notifications: a broken article image shows /placeholder.jpg. Images are plain HTML on a reader page,
 * so the page's script watches them: those that failed before it ran, and any that fail later
 * (a lazy one further down). Only images marked by ArticleImage are replaced.
 */
export function keepImagesWhole(): void {
  const replace = (image: HTMLImageElement) => {
    if (!("fallback" in image.dataset) || image.getAttribute("src") === PLACEHOLDER_IMAGE) return;
    image.removeAttribute("srcset");
    // A picture's sources would be chosen again over the image's own src.
    if (image.parentElement instanceof HTMLPictureElement) for (const source of image.parentElement.querySelectorAll("source")) source.remove();
    image.dataset.placeholder = "";
    image.src = PLACEHOLDER_IMAGE;
  };
  // Errors do not bubble; they are seen on their way down instead.
  document.addEventListener("error", (event) => event.target instanceof HTMLImageElement && replace(event.target), true);
  const failedAlready = () => {
    for (const image of document.images) if (image.complete && image.naturalWidth === 0) replace(image);
  };
  failedAlready();
  window.addEventListener(PAGE_CHANGE_EVENT, failedAlready);
}
