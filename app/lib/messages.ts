/**
 * Every user-visible message of SPEC sections 5 and 8, in one place. The English strings are exactly
 * the spec's. Messages the spec does not name (auth, permissions, limits) are ours.
 */
export const messages = {
  // Validation (SPEC 5)
  allFieldsRequired: "All fields are required",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  commentRequired: "Comment cannot be empty",
  searchRequired: "Enter a search term to find articles",
  articleRequired: "Title, content, and writer are required",
  metaTitleTooLong: "Meta title is too long (max 1000 characters)",
  bannerType: "Only .jpg, .jpeg, or .png files are allowed for banner image",
  contentMediaType: "Only .jpg, .jpeg, .png, or .mp4 files are allowed for content media",
  categoryNameRequired: "Category name is required",
  tagNameRequired: "Tag name is required",
  writerRequired: "Name and email are required",
  confirmDeleteWriter: "Are you sure you want to delete this writer?",
  confirmDeleteUser: "Are you sure you want to delete this user?",
  imageUrlScheme: "Images must use an http, https or data URL",

  // Featured block, category page, comments (SPEC 8)
  featuredFailed: "Failed to load featured article.",
  featuredNone: "No featured article found.",
  categoryOops: "Oops, something went wrong!",
  categoryNotFound: "Category not found",
  categoryNotSpecified: "No category specified",
  categoryLoadFailed: "Failed to load category or articles. Please try again later.",
  commentFailed: "Failed to submit comment.",
  commentSubmitted: "Comment submitted successfully! It will be visible after approval.",
  authFallback: "An error occurred. Please try again.",
  loginFailed: "Login failed",
  dashboardFailed: "Failed to fetch dashboard stats",

  // Empty states and defaults (SPEC 8)
  noComments: "No comments yet. Be the first to comment!",
  noNews: "No news articles found.",
  noCategoryArticles: "No articles found in this category yet. Check back later!",
  noOpinion: "No opinion articles available.",
  noBreakingNews: "No breaking news at the moment.",
  unknownAuthor: "Unknown Author",
  uncategorized: "Uncategorized",
  anonymous: "Anonymous",
  writerNotFound: "Writer not found.",
  linkCopied: "Link copied to clipboard!",

  // Admin mutations (SPEC 8)
  articleCreated: "Article created successfully",
  articleUpdated: "Article updated successfully",
  articleDeleted: "Article deleted successfully",
  articleCreateFailed: "Failed to create article",
  articleUpdateFailed: "Failed to update article",
  articleDeleteFailed: "Failed to delete article",
  bannerUploadFailed: "Failed to upload banner image",
  contentMediaUploadFailed: "Failed to upload content media",
  articleSaveFailed: "Failed to save article. Check console for details.",

  // Auth and permissions (ours; SPEC 6 names the admin-area ones)
  invalidCredentials: "Incorrect email or password",
  emailTaken: "An account with this email already exists",
  passwordTooShort: "Password must be at least 8 characters",
  signInRequired: "Please sign in to continue",
  loginRequiredAdmin: "Please log in to access the admin panel.",
  adminRequired: "Admin access required.",
  forbidden: "You are not allowed to do this",
  roleChangeForbidden: "You cannot change your own role",
  lastAdmin: "There must always be at least one admin",
  csrfRejected: "Cross-site request rejected",
  tooManyRequests: "Too many attempts. Please wait a minute and try again.",

  // Resources and input (ours)
  notFound: "Not found",
  articleNotFound: "Article not found",
  commentNotFound: "Comment not found",
  tagNotFound: "Tag not found",
  userNotFound: "User not found",
  invalidJson: "The request body is not valid JSON",
  invalidInput: "Invalid input",
  invalidId: "Invalid id",
  unknownWriter: "The selected writer does not exist",
  unknownCategory: "The selected category does not exist",
  unknownTags: "One or more selected tags do not exist",
  unknownRelated: "One or more related articles do not exist",
  categorySlugTaken: "A category with this slug already exists",
  tagSlugTaken: "A tag with this slug already exists",
  editConflict:
    "This article was changed by someone else since you opened it. Copy your changes, reload, and apply them again.",
  fileTooLarge: "The file is too large",
  requestTooLarge: "The request is too large",
  noFile: "No file was uploaded",
  invalidMediaUrl: "Media URLs must be uploads on this site or http(s) addresses",
  conflict: "This conflicts with a record saved a moment ago. Please reload and try again.",
  serverError: "Something went wrong on our side. Please try again.",
} as const;

export type MessageKey = keyof typeof messages;
