import type { IConfiguration } from "dependency-cruiser";

declare const floors: IConfiguration & Required<Pick<IConfiguration, "forbidden" | "options">>;
export default floors;
