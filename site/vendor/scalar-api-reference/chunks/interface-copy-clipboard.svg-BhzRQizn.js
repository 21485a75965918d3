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
import{H as e,p as t,u as n}from"./runtime-core.esm-bundler-CdMV79He.js";var r={xmlns:`http://www.w3.org/2000/svg`,fill:`currentColor`,viewBox:`0 0 256 256`};function i(i,a){return e(),t(`svg`,r,[...a[0]||=[n(`path`,{d:`M200 32h-36.26a47.92 47.92 0 0 0-71.48 0H56a16 16 0 0 0-16 16v168a16 16 0 0 0 16 16h144a16 16 0 0 0 16-16V48a16 16 0 0 0-16-16m-72 0a32 32 0 0 1 32 32H96a32 32 0 0 1 32-32m72 184H56V48h26.75A47.9 47.9 0 0 0 80 64v8a8 8 0 0 0 8 8h80a8 8 0 0 0 8-8v-8a47.9 47.9 0 0 0-2.75-16H200Z`},null,-1)]])}var a={render:i};export{a as default,i as render};
//# sourceMappingURL=interface-copy-clipboard.svg-BhzRQizn.js.map