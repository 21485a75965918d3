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
import{H as e,p as t,u as n}from"./runtime-core.esm-bundler-CdMV79He.js";var r={xmlns:`http://www.w3.org/2000/svg`,fill:`none`,viewBox:`0 0 24 24`};function i(i,a){return e(),t(`svg`,r,[...a[0]||=[n(`path`,{stroke:`currentColor`,"stroke-linecap":`round`,"stroke-linejoin":`round`,d:`M12 2v20m5-17H9.5a3.5 3.5 0 1 0 0 7h5a3.5 3.5 0 1 1 0 7H6`},null,-1)]])}var a={render:i};export{a as default,i as render};
//# sourceMappingURL=money-currency-dollar-pay.svg-DqYueEaL.js.map