/*!
*    _____ _________    __    ___    ____
*   / ___// ____/   |  / /   /   |  / __ \
*   \__ \/ /   / /| | / /   / /| | / /_/ /
*  ___/ / /___/ ___ |/ /___/ ___ |/ _, _/
* /____/\____/_/  |_/_____/_/  |_/_/ |_|
*
* @scalar/api-reference 1.72.1
*
* Website: https://scalar.com
* GitHub:  https://github.com/scalar/scalar
* License: https://github.com/scalar/scalar/blob/main/LICENSE
**/
import{n as e}from"./rolldown-runtime-DRsSX2IQ.js";import{H as t,p as n,u as r}from"./runtime-core.esm-bundler-CdMV79He.js";var i=Object.defineProperty,a=(e,t)=>{let n={};for(var r in e)i(n,r,{get:e[r],enumerable:!0});return t||i(n,Symbol.toStringTag,{value:`Module`}),n},o=e({default:()=>u,interface_content_folder_exports:()=>s,render:()=>l}),s=a({default:()=>u,render:()=>l}),c={xmlns:`http://www.w3.org/2000/svg`,fill:`currentColor`,viewBox:`0 0 256 256`};function l(e,i){return t(),n(`svg`,c,[...i[0]||=[r(`path`,{d:`M216 72h-85.33l-27.74-20.8a16.12 16.12 0 0 0-9.6-3.2H40a16 16 0 0 0-16 16v136a16 16 0 0 0 16 16h176.89A15.13 15.13 0 0 0 232 200.89V88a16 16 0 0 0-16-16m0 128H40V64h53.33l29.87 22.4A8 8 0 0 0 128 88h88Z`},null,-1)]])}var u={render:l};export{o as n,s as t};
//# sourceMappingURL=interface-content-folder.svg-VjXWoHCU.js.map