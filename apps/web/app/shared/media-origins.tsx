/**
 * The origins the content's media come from (the API's, and MEDIA_BASE_URL's when it is another
 * host). Images from them are resized by the site's image endpoint; others are shown as they
 * are. Given by the language layout's loader, read by LazyImage.
 */
import { createContext, useContext } from "react";

const MediaOriginsContext = createContext<readonly string[]>([]);

export const MediaOriginsProvider = MediaOriginsContext.Provider;

export const useMediaOrigins = () => useContext(MediaOriginsContext);
